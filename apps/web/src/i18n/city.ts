// The city's name in every text: the locales write {{city}} (and {{product}}), filled from the
// API's config (the city profile), never a constant, so one build serves any city.
import type { ClientConfig } from '@linz/contract';
import type { i18n as I18n } from 'i18next';
import { refreshTitle } from '../layout/documentTitle';
import { langOf } from './languages';

/** The variables every text may use; filled once the config is read (empty until then). */
export const cityVariables: Record<'city' | 'product', string> = { city: '', product: '' };

/** Names the city in `instance`'s texts, in the active language, and again whenever it changes. */
export function nameCity(instance: I18n, city: ClientConfig['city']): void {
  const apply = (language: string) => {
    cityVariables.city = city.name[langOf(language)];
    cityVariables.product = city.productName;
    refreshTitle();
  };
  apply(instance.language);
  instance.on('languageChanged', apply);
}
