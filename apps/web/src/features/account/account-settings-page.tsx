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

/** Account Setting (menu account-setting): the signed-in administrator's own account. */
export const AccountSettingsPage = () => {
  const account = useAccount();
  const canUpdate = useCan()('Account_Settings_Update');
  if (account.isPending) return <PageLoader />;
  if (account.isError) return <LoadErrorAlert subject="Your account" error={account.error} onRetry={() => void account.refetch()} />;
  const isLocal = account.data.authProvider === 'password';
  return (
    <>
      <PageHeader
        title="Account Setting"
        subtitle="Your own profile, password, two-step sign-in, the company behind your location and signed-in devices."
      />
      <Section title="Profile">
        <ProfileForm account={account.data} isReadOnly={!canUpdate} />
      </Section>
      {canUpdate ? (
        <>
          <Section title="Email" description="A new address is used once you open the confirmation link we send to it.">
            <EmailForm account={account.data} />
          </Section>
          {isLocal ? (
            <Section title="Password" description="Changing your password signs out your other devices.">
              <PasswordForm account={account.data} />
            </Section>
          ) : null}
          <Section title="Two-step sign-in" description="After your password, a code from an authenticator app on your phone.">
            <TwoStepSection account={account.data} />
          </Section>
        </>
      ) : null}
      <CompanySection />
      <Section title="Signed-in devices" description="Where your account is signed in now. Sign out a device you do not recognise.">
        <SessionsSection />
      </Section>
    </>
  );
};
