import { ArgumentsHost, Catch, ExceptionFilter, HttpStatus } from '@nestjs/common';
import { GameRuleError } from '@warpgate/engine';
import type { Response } from 'express';

const STATUS: Record<GameRuleError['kind'], HttpStatus> = {
  'not-found': HttpStatus.NOT_FOUND,
  forbidden: HttpStatus.FORBIDDEN,
  conflict: HttpStatus.CONFLICT,
  invalid: HttpStatus.BAD_REQUEST,
  unprocessable: HttpStatus.UNPROCESSABLE_ENTITY,
};

/** A refused command is the client's problem: its status and message, never a 500. */
@Catch(GameRuleError)
export class GameRuleFilter implements ExceptionFilter {
  catch(error: GameRuleError, host: ArgumentsHost) {
    const status = STATUS[error.kind];
    host
      .switchToHttp()
      .getResponse<Response>()
      .status(status)
      .json({ statusCode: status, message: error.message });
  }
}
