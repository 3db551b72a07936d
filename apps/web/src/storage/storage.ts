// Browser storage that never throws (private mode, full quota) and checks what it reads.
import type { Check } from '../api/checks';

type Area = 'local' | 'session';

function area(which: Area): Storage | undefined {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readJson<T>(which: Area, key: string, check: Check<T>): T | undefined {
  try {
    const raw = area(which)?.getItem(key);
    if (raw == null) return undefined;
    const parsed: unknown = JSON.parse(raw);
    return check(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export function writeJson(which: Area, key: string, value: unknown): void {
  try {
    area(which)?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage unavailable: the value lives only as long as the page.
  }
}

export function remove(which: Area, key: string): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}
