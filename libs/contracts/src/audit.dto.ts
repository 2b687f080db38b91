import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsString, IsUUID, ValidateNested } from 'class-validator';
import { SubmitOrdersDto } from './games.dto';
import { IsPersonsText } from './text';

/** `POST /games/:id/turns/:turn/disputes`: what the player says went wrong. */
export class OpenDisputeDto {
  @ApiProperty({ minLength: 1, maxLength: 10_000 })
  @IsPersonsText(10_000, { lines: true })
  text!: string;
}

/** `POST /games/:id/disputes/:disputeId/ruling` (admins). */
export class RuleDisputeDto {
  @ApiProperty()
  @IsBoolean()
  upheld!: boolean;

  @ApiProperty({ minLength: 1, maxLength: 10_000 })
  @IsPersonsText(10_000, { lines: true })
  note!: string;
}

/** A player's orders for the voided turn, as they would have submitted them (text or JSON). */
export class AmendedOrdersDto extends SubmitOrdersDto {
  @ApiProperty()
  @IsString()
  playerId!: string;
}

/** `POST /games/:id/turns/:turn/void` (admins): on an upheld dispute, with why, and the orders amended. */
export class VoidTurnDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  disputeId!: string;

  @ApiProperty({ minLength: 1, maxLength: 10_000 })
  @IsPersonsText(10_000, { lines: true })
  reason!: string;

  @ApiProperty({ type: [AmendedOrdersDto], maxItems: 100 })
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => AmendedOrdersDto)
  amended: AmendedOrdersDto[] = [];
}
