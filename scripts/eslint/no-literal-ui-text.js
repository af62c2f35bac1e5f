// @ts-check

/**
 * `local/no-literal-ui-text` (issue 44, decision 087): in a translated screen, words a user reads come from its
 * catalogue (`t('key')`), not from literals in the code — else the German page shows them in English. Flags:
 * - JSX text with a letter in it (`<p>Save</p>`);
 * - a literal string (or a template literal with text) given to a prop a user reads or hears: label, title, placeholder,
 *   aria-label, helperText, alt, primary, secondary, emptyText, tooltip, description, confirmLabel;
 * - a literal string handed to a toast (notifySuccess, notifyError, notifyInfo, notifyWarning, toast).
 * Not flagged: text without letters ("—", "·", "%"), brand and unit words listed in ALLOWED.
 */
const READ_PROPS = new Set([
  'label',
  'title',
  'placeholder',
  'aria-label',
  'helperText',
  'alt',
  'primary',
  'secondary',
  'emptyText',
  'tooltip',
  'description',
  'confirmLabel',
]);
const TOASTS = new Set(['notifySuccess', 'notifyError', 'notifyInfo', 'notifyWarning', 'toast']);
/** Brand and unit words are the same in every language. */
const ALLOWED = new Set(['Wattdesk', 'kWh', 'kW', 'OCPP', 'OCPI', 'Stripe', 'Plaid', 'CSV', 'PDF']);

/** @param {string} text */
const hasWords = (text) => {
  const trimmed = text.trim();
  return /\p{L}/u.test(trimmed) && !ALLOWED.has(trimmed);
};

/** @param {import('estree').Node | null | undefined} node */
const literalText = (node) => {
  if (!node) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis.map((quasi) => quasi.value.cooked ?? '').join(' ');
  return undefined;
};

/** @type {import('eslint').Rule.RuleModule} */
export const noLiteralUiText = {
  meta: {
    type: 'problem',
    docs: { description: 'User-visible words come from the catalogues in translated screens' },
    messages: {
      text: 'User-visible text "{{text}}" must come from the catalogue: t(\'…\') (issue 44).',
    },
    schema: [],
  },
  create(context) {
    /** @param {import('estree').Node} node @param {string} text */
    const report = (node, text) => context.report({ node, messageId: 'text', data: { text: text.trim().slice(0, 40) } });
    return {
      /** @param {any} node */
      JSXText(node) {
        if (hasWords(node.value)) report(node, node.value);
      },
      /** @param {any} node */
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : '';
        if (!READ_PROPS.has(name) || !node.value) return;
        const value = node.value.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
        const text = literalText(value);
        if (text !== undefined && hasWords(text)) report(node, text);
      },
      /** @param {any} node */
      CallExpression(node) {
        const callee = node.callee.type === 'Identifier' ? node.callee.name : '';
        if (!TOASTS.has(callee)) return;
        const text = literalText(node.arguments[0]);
        if (text !== undefined && hasWords(text)) report(node, text);
      },
    };
  },
};
