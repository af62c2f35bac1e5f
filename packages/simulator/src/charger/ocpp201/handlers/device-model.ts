import type { ReportData } from '@wattdesk/shared/ocpp/ocpp201';
import type { Charger201Parts, CommandHandlers201 } from './context.ts';

/** Variables per NotifyReport: small, so that even this small model arrives in several parts, as a real one does. */
export const REPORT_CHUNK_SIZE = 5;

/** GetBaseReport (B07: the report follows in NotifyReport parts, tbc until the last), GetVariables, SetVariables. */
export const deviceModelHandlers = ({ runtime, link, deviceModel }: Charger201Parts): CommandHandlers201 => ({
  GetBaseReport: ({ requestId, reportBase }) => {
    const data = deviceModel.report(reportBase);
    if (!data.length) return { status: 'EmptyResultSet' };
    const generatedAt = new Date(runtime.now()).toISOString();
    runtime.afterReply(async () => {
      for (let seqNo = 0; seqNo * REPORT_CHUNK_SIZE < data.length; seqNo += 1) {
        const chunk = data.slice(seqNo * REPORT_CHUNK_SIZE, (seqNo + 1) * REPORT_CHUNK_SIZE) as [ReportData, ...ReportData[]];
        const tbc = (seqNo + 1) * REPORT_CHUNK_SIZE < data.length;
        await link.send201('NotifyReport', { requestId, generatedAt, seqNo, tbc, reportData: chunk });
      }
    });
    return { status: 'Accepted' };
  },
  GetVariables: ({ getVariableData }) => {
    const [first, ...rest] = getVariableData.map((request) => deviceModel.get(request));
    return { getVariableResult: [first!, ...rest] };
  },
  SetVariables: ({ setVariableData }) => {
    const [first, ...rest] = setVariableData.map((request) => deviceModel.set(request));
    return { setVariableResult: [first!, ...rest] };
  },
});
