import type { Catalog } from '@impact-calls/domain';
import reactAdmin from 'ra-language-french';

/** The French catalogs and react-admin's French messages, fetched in one chunk when French is chosen (../i18nProvider.ts). */
export const catalogs = import.meta.glob<Catalog>('../../../../libs/domain/src/i18n/fr/*.json', { eager: true, import: 'default' });
export { reactAdmin };
