import pretty from 'pino-pretty';

type LogFormat = 'pretty' | 'json' | undefined;

/**
 * Where `npm start` writes its log. A person at a terminal reads one short line per event (the ready line with the
 * address stays visible); anything else (a container, a file, a collector) gets pino's JSON lines. Written
 * synchronously on the main thread: pino's transport would add a worker thread for a stream this small.
 */
export const logDestination = (format: LogFormat, isTerminal: boolean, output?: NodeJS.WritableStream): NodeJS.WritableStream | undefined => {
  if ((format ?? (isTerminal ? 'pretty' : 'json')) === 'json') return undefined;
  return pretty({
    colorize: isTerminal,
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    ...(output ? { destination: output } : {}),
  });
};
