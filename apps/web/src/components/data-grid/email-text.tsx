/**
 * An e-mail address that, in a column too narrow for it, breaks before the @ rather than mid-name: the grid's
 * growing rows wrap it (lib/theme.ts), and the break opportunity decides where. Copying and finding still see it whole.
 */
export const EmailText = ({ email }: { email: string }) => {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
};
