import type { ReactNode } from 'react';
import { useScreenHeading } from '../../lib/use-screen-heading.ts';
import '../plain/plain.css';

/** The bolt of the brand, drawn inline (MUI's icon would bring MUI and emotion to the sign-in page). */
const BoltMark = () => (
  <svg viewBox="0 0 24 24" aria-hidden focusable="false">
    <path d="M11 21h-1l1-7H7.5c-.58 0-.57-.32-.38-.66s.05-.08.07-.12C8.48 10.94 10.42 7.54 13 3h1l-1 7h3.5c.49 0 .56.33.47.51l-.07.15C12.96 17.55 11 21 11 21" />
  </svg>
);

/** The card the sign-in, reset and provider-result screens share; its title is the screen's h1 and document title. */
export const AuthLayout = ({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) => {
  const heading = useScreenHeading(title);
  return (
    <main className="wd-plain wd-auth">
      <div className="wd-auth__column">
        <p className="wd-auth__brand">
          <BoltMark />
          Wattdesk
        </p>
        <div className="wd-auth__card">
          <h1 ref={heading} tabIndex={-1} className="wd-auth__title">
            {title}
          </h1>
          {children}
        </div>
        {footer ? <div className="wd-auth__footer">{footer}</div> : null}
      </div>
    </main>
  );
};
