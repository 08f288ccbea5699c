import { useTranslation } from 'react-i18next';
import { DefaultLogo } from './DefaultLogo';

export const DEFAULT_LOGO_SIZE = 50;

/** The configured logo (a data URL) at its configured size, else the default logo. */
export function Logo({ logoBase64, width, height, name }: { logoBase64?: string | null; width?: number; height?: number; name: string }) {
  const { t } = useTranslation();
  const w = width && width > 0 ? width : DEFAULT_LOGO_SIZE;
  const h = height && height > 0 ? height : DEFAULT_LOGO_SIZE;
  const alt = t('app.logo-alt', { name });
  if (logoBase64) {
    return (
      <img
        src={logoBase64}
        alt={alt}
        width={w}
        height={h}
        style={{ objectFit: 'contain', display: 'block', maxHeight: 64, width: 'auto' }}
      />
    );
  }
  return <DefaultLogo width={Math.min(w, 64)} height={Math.min(h, 64)} title={alt} />;
}
