import { ArgumentsHost, Catch, HttpStatus } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import type { Response } from 'express';

/** What body-parser and friends throw for a bad request (http-errors): the client's fault, not ours. */
const isClientError = (e: unknown): e is { status: number; message: string } =>
  typeof e === 'object' &&
  e !== null &&
  (e as { expose?: unknown }).expose === true &&
  typeof (e as { status?: unknown }).status === 'number' &&
  (e as { status: number }).status >= HttpStatus.BAD_REQUEST &&
  (e as { status: number }).status < HttpStatus.INTERNAL_SERVER_ERROR;

/** Answers such errors with their status and message instead of logging them as server errors. */
@Catch()
export class ClientErrorFilter extends BaseExceptionFilter {
  override catch(error: unknown, host: ArgumentsHost) {
    if (!isClientError(error)) return super.catch(error, host);
    host
      .switchToHttp()
      .getResponse<Response>()
      .status(error.status)
      .json({ statusCode: error.status, message: error.message });
  }
}
