import { MONTHS } from '@wattdesk/shared/constants';
import { MAX_UPLOAD_BYTES } from '@wattdesk/shared/validation';
import { validationMessages } from '@wattdesk/shared/messages';
import { fieldLabels } from '@wattdesk/shared/schema-messages';
import { decimalFromTyped, editableDecimal, minorToDecimal, parseMinor } from '@wattdesk/shared/pricing/money';
import type { BillsResponse } from '@wattdesk/shared/schemas/utility';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useSentence } from '../../../i18n/sentences.ts';
import { useT } from '../../../i18n/use-t.ts';
import { notifyError } from '../../../lib/notify.tsx';
import { downloadBill, useSaveBills, useUploadBill } from '../api/utility-api.ts';
import { ScrollingTable } from '../../../components/scrolling-table.tsx';
import { energyText } from '../energy-text.ts';

type Row = { energy: string; cost: string };

/** kWh as typed on the page: its language's decimal mark ("1234,5" in German). */
const kwhOf = (text: string) => Number(decimalFromTyped(text.trim()) ?? Number.NaN);
const energyError = (text: string) =>
  text.trim() === '' || (Number.isFinite(kwhOf(text)) && kwhOf(text) >= 0) ? undefined : validationMessages.nonNegativeNumber(fieldLabels.energyKwh);
const costError = (text: string, currency: string) =>
  text.trim() === '' || parseMinor(text, currency) !== undefined ? undefined : validationMessages.nonNegativeNumber(fieldLabels.cost);

const BillFile = ({ bills, month, canUpload }: { bills: BillsResponse; month: (typeof MONTHS)[number]; canUpload: boolean }) => {
  const upload = useUploadBill();
  const t = useT(energyText);
  const sentence = useSentence();
  const file = bills.months.find((row) => row.month === month.key)?.file;
  return (
    <>
      {file ? (
        <Button
          size="small"
          onClick={() => void downloadBill(bills.utilityConfigId, bills.year, month.key).catch((error: Error) => notifyError(error.message))}
        >
          {file.name}
        </Button>
      ) : null}
      {canUpload ? (
        <Button size="small" component="label" loading={upload.isPending}>
          {t(file ? 'bills.replace' : 'bills.upload')}
          <input
            hidden
            type="file"
            accept="application/pdf"
            aria-label={t('bills.fileLabel', { month: t(`month.${month.key}`) })}
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              event.target.value = '';
              if (!chosen) return;
              // The server checks again (size and that the bytes are a PDF); this spares a useless upload.
              if (chosen.size > MAX_UPLOAD_BYTES) notifyError(sentence(validationMessages.fileTooLarge));
              else upload.mutate({ utilityConfigId: bills.utilityConfigId, year: bills.year, month: month.key, file: chosen });
            }}
          />
        </Button>
      ) : null}
    </>
  );
};

/** The monthly values input (spec section 3): January to December by abbreviation, the month's kWh and amount, and the bill. */
export const MonthlyBills = ({ bills, canEdit }: { bills: BillsResponse; canEdit: boolean }) => {
  const { currency } = bills;
  const [rows, setRows] = useState<Record<string, Row>>(() =>
    Object.fromEntries(
      bills.months.map((row) => [
        row.month,
        {
          energy: row.energyKwh === null ? '' : editableDecimal(String(row.energyKwh)),
          cost: row.costMinor === null ? '' : editableDecimal(minorToDecimal(row.costMinor, currency)),
        },
      ]),
    ),
  );
  const save = useSaveBills();
  const t = useT(energyText);
  const sentence = useSentence();
  const shown = (error: string | undefined) => (error === undefined ? undefined : sentence(error));
  const hasErrors = MONTHS.some((month) => energyError(rows[month.key]!.energy) ?? costError(rows[month.key]!.cost, currency));
  const submit = () =>
    save.mutate({
      utilityConfigId: bills.utilityConfigId,
      year: bills.year,
      months: MONTHS.map((month) => {
        const row = rows[month.key]!;
        return {
          month: month.key,
          energyKwh: row.energy.trim() === '' ? null : kwhOf(row.energy),
          costMinor: row.cost.trim() === '' ? null : (parseMinor(row.cost, currency) ?? null),
        };
      }),
    });
  const set = (month: string, change: Partial<Row>) => setRows((current) => ({ ...current, [month]: { ...current[month]!, ...change } }));
  return (
    <>
      <ScrollingTable size="small" aria-label={t('bills.tableLabel', { year: String(bills.year) })}>
        <TableHead>
          <TableRow>
            <TableCell>{t('bills.month')}</TableCell>
            <TableCell>{t('bills.energy')}</TableCell>
            <TableCell>{t('bills.amount')}</TableCell>
            <TableCell>{t('bills.bill')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {MONTHS.map((month) => {
            const row = rows[month.key]!;
            const name = t(`month.${month.key}`);
            return (
              <TableRow key={month.key}>
                <TableCell>
                  <abbr title={name}>{t(`monthShort.${month.key}`)}</abbr>
                </TableCell>
                <TableCell>
                  <TextField
                    size="small"
                    value={row.energy}
                    onChange={(event) => set(month.key, { energy: event.target.value })}
                    error={Boolean(energyError(row.energy))}
                    helperText={shown(energyError(row.energy))}
                    disabled={!canEdit}
                    slotProps={{
                      htmlInput: { inputMode: 'decimal', 'aria-label': t('bills.energyLabel', { month: name }) },
                      input: { endAdornment: <InputAdornment position="end">kWh</InputAdornment> },
                    }}
                  />
                </TableCell>
                <TableCell>
                  <TextField
                    size="small"
                    value={row.cost}
                    onChange={(event) => set(month.key, { cost: event.target.value })}
                    error={Boolean(costError(row.cost, currency))}
                    helperText={shown(costError(row.cost, currency))}
                    disabled={!canEdit}
                    slotProps={{
                      htmlInput: { inputMode: 'decimal', 'aria-label': t('bills.amountLabel', { month: name, currency }) },
                      input: { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> },
                    }}
                  />
                </TableCell>
                <TableCell>
                  <BillFile bills={bills} month={month} canUpload={canEdit} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </ScrollingTable>
      {canEdit ? (
        <Button variant="contained" sx={{ mt: 2 }} disabled={hasErrors} loading={save.isPending} onClick={submit}>
          {t('bills.save', { year: String(bills.year) })}
        </Button>
      ) : null}
    </>
  );
};
