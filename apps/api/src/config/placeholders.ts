// Whether a start reaches the public, and what in a site profile reaches no one (placeholders).
import type { SiteProfile } from '@linz/contract';

/**
 * Whether PUBLIC_URL would put the site before the public: any host but this machine (localhost,
 * 127.0.0.0/8, ::1) and the names reserved for tests and examples (RFC 2606, RFC 6761), which no
 * visitor can reach. Only such a start is held to a complete site profile (placeholders below).
 */
export function publishes(publicUrl: string): boolean {
  const host = new URL(publicUrl).hostname.toLowerCase();
  return !(host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host) || reservedName(host));
}

const reservedName = (host: string) =>
  /(^|\.)(localhost|test|example|invalid)$/.test(host) || /(^|\.)example\.(com|net|org)$/.test(host);

/** A phone number no one answers: the shipped "+43 732 000 000" (six zeros at the end) or one digit repeated. */
const placeholderPhone = (phone: string) => {
  const digits = phone.replace(/\D/g, '');
  return /0{6}$/.test(digits) || /^(\d)\1*$/.test(digits);
};

/** What in a value is a placeholder, or undefined: an address or link at a reserved name, a phone number no one answers. */
export function placeholder(key: string, value: string): string | undefined {
  const domain = /^[^\s@]+@([^\s@]+)$/.exec(value)?.[1];
  if (domain && reservedName(domain.toLowerCase())) return `${value} is an example address (reserved domain), not a real one`;
  if (/^https?:\/\//.test(value) && URL.canParse(value) && reservedName(new URL(value).hostname.toLowerCase()))
    return `${value} is an example link (reserved domain), not a real one`;
  if (key === 'phone' && placeholderPhone(value)) return `${value} is a placeholder number`;
  return undefined;
}

/**
 * The site profile's placeholders, each as "path: why": the `example` mark of the shipped file, and
 * every e-mail address, link or phone number anywhere in it that reaches no one (so a field added
 * later is checked too).
 */
export function profilePlaceholders(profile: SiteProfile): string[] {
  const found: string[] = [];
  if (profile.example)
    found.push('example: this is the shipped example profile; copy it, put in your own facts and remove "example"');
  const walk = (value: unknown, at: string[]) => {
    if (typeof value === 'string') {
      const why = placeholder(at.at(-1) ?? '', value);
      if (why) found.push(`${at.join('.')}: ${why}`);
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, [...at, k]);
    }
  };
  walk(profile, []);
  return found;
}

/** Whether a listen address is this machine's loopback (nothing else can connect to it). */
export function loopback(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h);
}
