/** The OpenAPI 3.1 document, generated from the same zod schemas that validate the requests. */
import { cardPaths } from './card-openapi.ts';
import { createDocument } from 'zod-openapi';
import { africasTalkingPaths } from './africastalking-openapi.ts';
import { authPaths } from './auth-openapi.ts';
import { educationPaths } from './education-openapi.ts';
import { kycPaths } from './kyc-openapi.ts';
import { loanPaths } from './loan-openapi.ts';
import { merchantPaths } from './merchant-openapi.ts';
import { workingCapitalPaths } from './working-capital-openapi.ts';
import { statementPaths } from './statement-openapi.ts';
import { nidaPaths } from './nida-openapi.ts';
import { profilePaths } from './profile-openapi.ts';
import { dataRightsPaths } from './data-rights-openapi.ts';
import { ussdAccessPaths } from './ussd-access-openapi.ts';
import { assistantPaths } from './assistant-openapi.ts';
import { savingsPaths } from './savings-openapi.ts';
import { uploadPaths } from './upload-openapi.ts';
import { decisionPaths } from './decision-openapi.ts';
import { refuseControlCharactersInRequests, withEdgeResponses } from './openapi-edge.ts';
import { SHARED_RESPONSES } from './openapi-parts.ts';

export function openApiDocument(): ReturnType<typeof createDocument> {
  const document = createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Ikimina API',
      version: '0.1.0',
      description:
        'Community finance for Rwanda. Every error answers `{error, code}` (validation failures add `fields`); each ' +
        'error response lists the codes it may carry in `x-error-codes` and its schema allows those only. ' +
        'Every operation: a path, query or body holding a control character ' +
        '(U+0000–U+001F but tab, line feed and carriage return, U+007F and the bidirectional controls U+202A–U+202E, U+2066–U+2069) is refused with 400 `invalid_characters`; ' +
        'the answers every operation of a kind may give (components.responses) are declared on each. ' +
        'Every path: a method the path does not list is refused with 405 `method_not_allowed` and an `Allow` header naming ' +
        'the methods it does list (HEAD wherever GET is listed; OPTIONS is answered nowhere); TRACE, and any method other ' +
        'than GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS, is refused with 501 `method_not_implemented` on every address, ' +
        'before anything else runs. Both answer the usual `{error, code}` body.',
    },
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer' },
        cookieAuth: { type: 'apiKey', in: 'cookie', name: 'ikimina_session' },
      },
      // Referenced by no operation (it answers methods no operation has); the others register where used.
      responses: { MethodNotAllowed: SHARED_RESPONSES.MethodNotAllowed },
    },
    paths: withEdgeResponses({ ...loanPaths, ...authPaths, ...savingsPaths, ...africasTalkingPaths, ...nidaPaths, ...uploadPaths, ...profilePaths, ...dataRightsPaths, ...ussdAccessPaths, ...kycPaths, ...assistantPaths, ...educationPaths, ...merchantPaths, ...workingCapitalPaths, ...statementPaths, ...cardPaths, ...decisionPaths }),
  });
  refuseControlCharactersInRequests(document);
  return document;
}
