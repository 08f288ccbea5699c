import {
  INVITATION_VALID_DAYS,
  LANGUAGES,
  ORGANIZATION_ROLES,
  isEmailAddress,
  languageOf,
  type Language,
  type OrganizationRole,
} from '@impact-calls/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from './notices';
import { teamErrorMessage, useInvite } from './useTeam';

/** Invites someone by e-mail, in a role, with the e-mail in a language (the interface's by default). */
export function InviteDialog({ organizationId, open, onClose }: { organizationId: string; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const invite = useInvite(organizationId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OrganizationRole>('editor');
  const [language, setLanguage] = useState<Language>(() => languageOf(i18n.language));
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string>();
  const valid = isEmailAddress(email.trim());

  const close = () => {
    setEmail('');
    setRole('editor');
    setLanguage(languageOf(i18n.language));
    setTouched(false);
    setError(undefined);
    invite.reset();
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!valid) return;
    setError(undefined);
    try {
      const sent = await invite.mutateAsync({ email: email.trim(), role, language });
      showNotice('success', t('team-ui.invite-sent', { email: sent.email }));
      close();
    } catch (err) {
      setError(teamErrorMessage(t, err));
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullScreen={phone} fullWidth maxWidth="sm">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id={titleId}>{t('team-ui.invite-title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5}>
            <DialogContentText>{t('team-ui.invite-text', { days: INVITATION_VALID_DAYS })}</DialogContentText>
            <TextField
              id="invite-email"
              type="email"
              label={t('team-ui.invite-email')}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              onBlur={() => setTouched(true)}
              required
              autoFocus
              autoComplete="off"
              error={touched && !valid}
              // The line is kept when empty: the buttons below do not move as the message comes and goes.
              helperText={touched && !valid ? t('team-ui.email-invalid') : ' '}
              slotProps={{ htmlInput: { maxLength: 320 } }}
            />
            <TextField
              id="invite-role"
              select
              label={t('team-ui.invite-role')}
              value={role}
              onChange={(e) => setRole(e.target.value as OrganizationRole)}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {ORGANIZATION_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`team.role.${r}`)}
                </option>
              ))}
            </TextField>
            <TextField
              id="invite-language"
              select
              label={t('team-ui.invite-language')}
              value={language}
              onChange={(e) => setLanguage(e.target.value as Language)}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {t(`app.languages.${l}`)}
                </option>
              ))}
            </TextField>
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close}>{t('app.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={invite.isPending}>
            {t('team-ui.invite-send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
