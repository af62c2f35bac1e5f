import type { CardBrandOrOther } from '@wattdesk/shared/schemas/billing';
import { useT } from '../../../i18n/use-t.ts';
import { billingText } from '../billing-text.ts';

/** The brands' own wordmarks, drawn as they print them: the same in every language. */
const WORDMARK = { visa: 'VISA', amex: 'AMEX', discover: 'DISC' } as const;

/**
 * A small mark per card brand (spec section 3: Visa, MasterCard, American Express, Discover), drawn
 * rather than copied: each brand's colours and name, enough to recognise the card at a glance.
 */
export const CardBrandMark = ({ brand, size = 40 }: { brand: CardBrandOrOther; size?: number }) => {
  const t = useT(billingText);
  const height = Math.round(size * 0.63);
  const frame = (fill: string, children: React.ReactNode, stroke?: string) => (
    <svg role="img" aria-label={t('payment.brand', { brand })} width={size} height={height} viewBox="0 0 40 25" style={{ flexShrink: 0 }}>
      <rect x="0.5" y="0.5" width="39" height="24" rx="3" fill={fill} stroke={stroke ?? fill} />
      {children}
    </svg>
  );
  switch (brand) {
    case 'Visa':
      return frame(
        '#1a1f71',
        <text x="20" y="17" textAnchor="middle" fontSize="11" fontWeight="700" fontStyle="italic" fontFamily="Arial, sans-serif" fill="#fff">
          {WORDMARK.visa}
        </text>,
      );
    case 'MasterCard':
      return frame(
        '#fff',
        <>
          <circle cx="16" cy="12.5" r="7" fill="#eb001b" />
          <circle cx="24" cy="12.5" r="7" fill="#f79e1b" fillOpacity="0.9" />
        </>,
        '#c1c9d2',
      );
    case 'American Express':
      return frame(
        '#2e77bc',
        <text x="20" y="16" textAnchor="middle" fontSize="8.5" fontWeight="700" fontFamily="Arial, sans-serif" fill="#fff">
          {WORDMARK.amex}
        </text>,
      );
    case 'Discover':
      return frame(
        '#fff',
        <>
          <text x="17" y="15.5" textAnchor="middle" fontSize="6.2" fontWeight="700" fontFamily="Arial, sans-serif" fill="#231f20">
            {WORDMARK.discover}
          </text>
          <circle cx="27" cy="13" r="3.2" fill="#f58220" />
        </>,
        '#c1c9d2',
      );
    default:
      return frame(
        '#e3e8ee',
        <text x="20" y="16" textAnchor="middle" fontSize="8" fontFamily="Arial, sans-serif" fill="#3c4257">
          {t('payment.genericMark')}
        </text>,
      );
  }
};
