const integerFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimalFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
const currencyFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Numbers are displayed with thousands separators (spec section 9). */
export const formatNumber = (value: number, { decimals = false } = {}): string => (decimals ? decimalFormat : integerFormat).format(value);

export const formatCurrency = (value: number): string => currencyFormat.format(value);
