import { SESSION_TIMING } from '@wattdesk/shared/constants';
import { lazy, type ComponentType } from 'react';

export class ChunkLoadTimeoutError extends Error {}

/** Loads a code chunk, giving up after the spec's chunk-load timeout so the error boundary can offer a retry. */
export const withTimeout = <T>(load: () => Promise<T>, timeoutMs: number = SESSION_TIMING.chunkLoadTimeoutMs): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError('Loading this part of the app took too long')), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

export const lazyWithTimeout = <P extends object>(load: () => Promise<{ default: ComponentType<P> }>) => lazy(() => withTimeout(load));

/** A lazily loaded component from a module's named export, keeping its props. */
export const lazyScreen = <P extends object, K extends string>(load: () => Promise<Record<K, ComponentType<P>>>, name: K) =>
  lazy(() => withTimeout(load).then((module) => ({ default: module[name] })));
