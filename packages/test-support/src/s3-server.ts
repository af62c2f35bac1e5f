import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type S3StandIn = {
  url: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** What the bucket holds, by key. */
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Every request, as "METHOD /bucket/key". */
  requests: string[];
  close: () => Promise<void>;
};

const readBody = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

const xmlError = (response: ServerResponse, status: number, code: string, message: string, head = false) => {
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(head ? undefined : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
};

/**
 * A local HTTP server speaking the part of the S3 REST API the product uses, path-style
 * (PUT/GET/HEAD/DELETE /bucket/key), with S3's XML errors. Requests must carry a SigV4 Authorization
 * header for its access key, as the AWS SDK sends; the signature itself is not checked.
 */
export const startS3StandIn = async (options: { bucket?: string } = {}): Promise<S3StandIn> => {
  const state: S3StandIn = {
    url: '',
    bucket: options.bucket ?? 'wattdesk-test',
    accessKeyId: 'AKIATESTSTANDIN',
    secretAccessKey: 'stand-in-secret',
    objects: new Map(),
    requests: [],
    close: async () => undefined,
  };
  const server = createServer((request, response) => {
    void readBody(request).then((body) => {
      const method = request.method ?? '';
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const [, bucket, ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      state.requests.push(`${method} /${bucket}/${key}`);
      const head = method === 'HEAD';
      if (!request.headers.authorization?.startsWith(`AWS4-HMAC-SHA256 Credential=${state.accessKeyId}/`)) {
        return xmlError(response, 403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.', head);
      }
      if (bucket !== state.bucket) return xmlError(response, 404, 'NoSuchBucket', 'The specified bucket does not exist', head);
      if (!key) return xmlError(response, 400, 'InvalidRequest', 'A key is required', head);
      const found = state.objects.get(key);
      switch (method) {
        case 'PUT':
          state.objects.set(key, { body, contentType: request.headers['content-type'] ?? 'binary/octet-stream' });
          response.writeHead(200, { etag: `"${body.length.toString(16)}"` });
          return response.end();
        case 'GET':
        case 'HEAD':
          if (!found) return xmlError(response, 404, 'NoSuchKey', 'The specified key does not exist.', head);
          response.writeHead(200, { 'content-type': found.contentType, 'content-length': found.body.length });
          return response.end(head ? undefined : found.body);
        case 'DELETE':
          state.objects.delete(key);
          response.writeHead(204);
          return response.end();
        default:
          return xmlError(response, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.', head);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
};
