// A monument's name in the visitor's language (English names are optional).
import type { Monument } from '@linz/contract';
import type { Lang } from './languages';

export function monumentName(monument: Pick<Monument, 'name' | 'name_en'>, lang: Lang): string {
  return lang === 'en' && monument.name_en ? monument.name_en : monument.name;
}
