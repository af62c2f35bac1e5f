import { LoadErrorAlert } from '../../components/errors/load-error-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useCan } from '../../lib/can.tsx';
import { useAccount } from './api/account-api.ts';
import { CompanySection } from './components/company-section.tsx';
import { EmailForm } from './components/email-form.tsx';
import { PasswordForm } from './components/password-form.tsx';
import { ProfileForm } from './components/profile-form.tsx';
import { Section } from './components/section.tsx';
import { SessionsSection } from './components/sessions-section.tsx';
import { TwoStepSection } from './components/two-step-section.tsx';
import { useT } from '../../i18n/use-t.ts';
import { accountText } from './account-text.ts';

/** Account Setting (menu account-setting): the signed-in administrator's own account. */
export const AccountSettingsPage = () => {
  const account = useAccount();
  const t = useT(accountText);
  const canUpdate = useCan()('Account_Settings_Update');
  if (account.isPending) return <PageLoader />;
  if (account.isError) return <LoadErrorAlert subject={t('page.loadSubject')} error={account.error} onRetry={() => void account.refetch()} />;
  const isLocal = account.data.authProvider === 'password';
  return (
    <>
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      <Section title={t('section.profile')}>
        <ProfileForm account={account.data} isReadOnly={!canUpdate} />
      </Section>
      {canUpdate ? (
        <>
          <Section title={t('section.email')} description={t('section.emailDescription')}>
            <EmailForm account={account.data} />
          </Section>
          {isLocal ? (
            <Section title={t('section.password')} description={t('section.passwordDescription')}>
              <PasswordForm account={account.data} />
            </Section>
          ) : null}
          <Section title={t('section.twoStep')} description={t('section.twoStepDescription')}>
            <TwoStepSection account={account.data} />
          </Section>
        </>
      ) : null}
      <CompanySection />
      <Section title={t('section.devices')} description={t('section.devicesDescription')}>
        <SessionsSection />
      </Section>
    </>
  );
};
