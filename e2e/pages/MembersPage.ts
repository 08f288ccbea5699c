import { translate, type Language } from '@impact-calls/domain';
import { expect, type Locator, type Page } from '@playwright/test';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `/org/members/:organizationId`: the members with their roles and, for owners, the invitations and the invite dialog. */
export class MembersPage {
  readonly main: Locator;
  readonly inviteButton: Locator;
  readonly noInvitations: Locator;

  constructor(
    readonly page: Page,
    readonly language: Language = 'it',
  ) {
    this.main = page.getByRole('main');
    this.inviteButton = this.main.getByRole('button', { name: this.t('team-ui.invite'), exact: true });
    this.noInvitations = this.main.getByText(this.t('team-ui.invitations-empty'));
  }

  t(key: string, vars?: Record<string, string | number>): string {
    return translate(this.language, key, vars);
  }

  async goto(organizationId: string): Promise<void> {
    await this.page.goto(`/org/members/${organizationId}`);
  }

  heading(organizationName: string): Locator {
    return this.main.getByRole('heading', { level: 1, name: this.t('team-ui.members-of', { name: organizationName }) });
  }

  member(name: string): Locator {
    return this.main.getByTestId('member').filter({ hasText: name });
  }

  /** An owner's role selector of a member (a native select). */
  roleOf(name: string): Locator {
    return this.main.getByLabel(this.t('team-ui.role-of', { name }), { exact: true });
  }

  invitation(email: string): Locator {
    return this.main.getByTestId('invitation').filter({ hasText: email });
  }

  dialog(): Locator {
    return this.page.getByRole('dialog', { name: this.t('team-ui.invite-title') });
  }

  async openInvite(): Promise<void> {
    await this.inviteButton.click();
    await expect(this.dialog()).toBeVisible();
  }

  /** Opens the invite dialog (unless open), fills it and sends; waits for the dialog to close. */
  async invite({ email, role, language }: { email: string; role: 'owner' | 'editor' | 'viewer'; language: Language }): Promise<void> {
    const dialog = this.dialog();
    if (!(await dialog.isVisible())) await this.openInvite();
    await dialog.getByRole('textbox', { name: new RegExp(`^${escape(this.t('team-ui.invite-email'))}`) }).fill(email);
    await dialog.getByRole('combobox', { name: new RegExp(`^${escape(this.t('team-ui.invite-role'))}`) }).selectOption(role);
    await dialog.getByRole('combobox', { name: new RegExp(`^${escape(this.t('team-ui.invite-language'))}`) }).selectOption(language);
    await dialog.getByRole('button', { name: this.t('team-ui.invite-send'), exact: true }).click();
    await expect(dialog).toHaveCount(0);
  }
}

/** `/invitation/:token`: sign in first, then who invites whom where, and Join. */
export class InvitationPage {
  readonly main: Locator;

  constructor(
    readonly page: Page,
    readonly language: Language = 'it',
  ) {
    this.main = page.getByRole('main');
  }

  t(key: string, vars?: Record<string, string | number>): string {
    return translate(this.language, key, vars);
  }

  signInFirstHeading(): Locator {
    return this.main.getByRole('heading', { level: 1, name: this.t('team-ui.invitation.sign-in-title') });
  }

  heading(organization: string): Locator {
    return this.main.getByRole('heading', { level: 1, name: this.t('team-ui.invitation.heading', { organization }) });
  }

  /** "<inviter> invited you to join <organization> as <role>." */
  text(inviter: string, organization: string, role: 'owner' | 'editor' | 'viewer'): Locator {
    return this.main.getByText(this.t('team-ui.invitation.text', { name: inviter, organization, role: this.t(`team.role.${role}`) }));
  }

  /**
   * Someone who has not agreed to the branding's data-protection notice yet (a new user) is asked first, in a dialog
   * over the page: they agree. Waits for the invitation's heading or that dialog.
   */
  async agreeToNoticeIfAsked(organization: string): Promise<void> {
    const notice = this.page.getByRole('dialog', { name: this.t('pages.consent-dialog.title') });
    await expect(notice.or(this.heading(organization))).toBeVisible();
    if (await notice.isVisible()) {
      await notice.getByRole('button', { name: this.t('pages.consent-dialog.agree'), exact: true }).click();
      await expect(notice).toHaveCount(0);
    }
  }

  joinButton(organization: string): Locator {
    return this.main.getByRole('button', { name: this.t('team-ui.invitation.join', { organization }), exact: true });
  }
}
