import { ArgumentsHost, Catch, HttpStatus, Logger } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import { RateLimitedException, StoreWriteError } from '@warpgate/platform';
import type { Response } from 'express';

/** What body-parser and friends throw for a bad request (http-errors): the client's fault, not ours. */
const isClientError = (e: unknown): e is { status: number; message: string } =>
  typeof e === 'object' &&
  e !== null &&
  (e as { expose?: unknown }).expose === true &&
  typeof (e as { status?: unknown }).status === 'number' &&
  (e as { status: number }).status >= HttpStatus.BAD_REQUEST &&
  (e as { status: number }).status < HttpStatus.INTERNAL_SERVER_ERROR;

/** Answers such errors with their status and message instead of logging them as server errors; 429s say when to retry. */
@Catch()
export class ClientErrorFilter extends BaseExceptionFilter {
  private readonly log = new Logger('Http');

  override catch(error: unknown, host: ArgumentsHost) {
    if (error instanceof RateLimitedException)
      host
        .switchToHttp()
        .getResponse<Response>()
        .setHeader('Retry-After', Math.ceil(error.retryAfterMs / 1000));
    if (error instanceof StoreWriteError) {
      this.log.error(`${error.message}: ${(error.cause as Error)?.stack ?? String(error.cause)}`);
      host
        .switchToHttp()
        .getResponse<Response>()
        .setHeader('Retry-After', 5)
        .status(HttpStatus.SERVICE_UNAVAILABLE)
        .json({ statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: error.message });
      return;
    }
    if (!isClientError(error)) return super.catch(error, host);
    host
      .switchToHttp()
      .getResponse<Response>()
      .status(error.status)
      .json({ statusCode: error.status, message: error.message });
  }
}
