/** An e-mail address as the product accepts it: one @, a dot in the domain, no spaces or list separators. */
const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

export function isEmailAddress(value: string): boolean {
  const v = value.trim();
  return v.length <= 320 && EMAIL.test(v);
}

/** Whether an address belongs to a domain (the customizing company's): e-mail domains know no case. */
export function isInEmailDomain(email: string, domain: string | null | undefined): boolean {
  return !!domain && email.trim().toLowerCase().endsWith(`@${domain.trim().toLowerCase()}`);
}
