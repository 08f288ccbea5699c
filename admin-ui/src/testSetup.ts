import { LANGUAGES } from '@impact-calls/domain';
import { loadMessages } from './providers/i18nProvider';

await Promise.all(LANGUAGES.map(loadMessages));
