import type { Catalog } from '@impact-calls/domain';

/** The English catalogs, fetched in one chunk when English is chosen (../i18nProvider.ts; react-admin's English messages are in the first load). */
export const catalogs = import.meta.glob<Catalog>('../../../../libs/domain/src/i18n/en/*.json', { eager: true, import: 'default' });
