import { applyDecorators, type INestApplication } from '@nestjs/common';
import { ApiBearerAuth, ApiProperty, ApiResponse, DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { SOCKET_EVENTS } from '@warpgate/contracts';

/** Every error answer: the status again and what went wrong (a list: the fields a body got wrong). */
class ErrorAnswer {
  @ApiProperty()
  statusCode!: number;

  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] })
  message!: string | string[];

  @ApiProperty({ required: false })
  error?: string;
}

const ERRORS: Record<number, string> = {
  400: 'the request is malformed: a body, a parameter or a query that breaks its rules',
  401: 'no access token, or one that is invalid or expired',
  403: 'not allowed to you (not a player of the game, not an admin)',
  404: 'no such game, turn or dispute (or one you may not know of)',
  409: 'the game is not in a state for this (closed turn, another turn, taken name)',
  422: 'refused by the rules (orders of a kind the ruleset lacks, a record that does not verify)',
  429: 'too many: `Retry-After` says when to try again',
  503: 'the event store refuses writes, or the server is busy: `Retry-After` says when to try again',
};

/** Error answers of a route, by status. */
export const ApiErrors = (...statuses: number[]) =>
  applyDecorators(
    ...statuses.map((status) => ApiResponse({ status, description: ERRORS[status], type: ErrorAnswer })),
  );

/** A route that reads the access token (required or optional): bearer auth and the shared error answers. */
export const Authenticated = () =>
  applyDecorators(ApiBearerAuth(), ApiErrors(...Object.keys(ERRORS).map(Number)));

const table = (events: Record<string, string>) =>
  Object.entries(events)
    .map(([name, what]) => `| \`${name}\` | ${what} |`)
    .join('\n');

const DESCRIPTION = `Warpgate hosts play-by-mail space strategy games: every game is a stream of events.

Log in (\`POST /auth/login\`) and send the access token as \`Authorization: Bearer <token>\`; routes
without one act as an anonymous spectator where the game admits them.

## Socket.IO

Connect with \`io(url, {auth: {token}})\` (no token: a spectator); replays in the \`/replay\`
namespace. The typed contract is \`libs/contracts/src/realtime.ts\` (\`ServerToClient\`,
\`ClientToServer\`). Commands answer with an acknowledgement \`{ok, ...}\` or \`{ok: false, error}\`;
every push carries \`id\` (drop repeats by it), \`gameId\` and \`position\`.

| client sends | for |
|---|---|
${table(SOCKET_EVENTS.toServer)}

| server pushes | what |
|---|---|
${table(SOCKET_EVENTS.toClient)}
`;

/** The OpenAPI document of every route, at /docs-json, and the page to explore it at /docs (served from swagger-ui-dist, no CDN). */
export function documentApi(app: INestApplication) {
  const builder = new DocumentBuilder().setTitle('Warpgate').setDescription(DESCRIPTION).addBearerAuth();
  const document = SwaggerModule.createDocument(app, builder.build(), { extraModels: [ErrorAnswer] });
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs-json', yamlDocumentUrl: 'docs-yaml' });
  return document;
}
