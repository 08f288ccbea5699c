import { ApiError } from '@impact-calls/api-client';
import { CATALOGS } from '@impact-calls/domain';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/i18n';
import { errorMessage } from './errorMessage';

describe('the messages of limits and quotas (issue 13)', () => {
  it.each(['it', 'en', 'fr'] as const)('are shown in %s, not as a generic failure', (language) => {
    const { i18n } = createI18n(language, {
      it: { translation: CATALOGS.it },
      en: { translation: CATALOGS.en },
      fr: { translation: CATALOGS.fr },
    });
    const t = i18n.t.bind(i18n);
    for (const [status, key] of [
      [429, 'errors.too-many-requests'],
      [409, 'errors.quota.organizations'],
      [409, 'errors.quota.files'],
      [413, 'errors.quota.storage'],
      [503, 'errors.service-unavailable'],
    ] as const) {
      const message = errorMessage(t, new ApiError(status, key, 'english'), 'pages.admin.error-saving');
      expect(message).not.toBe(t('pages.admin.error-saving'));
      expect(message).not.toBe(key);
      expect(message.length).toBeGreaterThan(10);
    }
  });
});
