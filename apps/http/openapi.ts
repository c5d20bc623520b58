/** The OpenAPI 3.1 document, generated from the same zod schemas that validate the requests. */
import { cardPaths } from './card-openapi.ts';
import { createDocument } from 'zod-openapi';
import { africasTalkingPaths } from './africastalking-openapi.ts';
import { authPaths } from './auth-openapi.ts';
import { educationPaths } from './education-openapi.ts';
import { kycPaths } from './kyc-openapi.ts';
import { loanPaths } from './loan-openapi.ts';
import { merchantPaths } from './merchant-openapi.ts';
import { nidaPaths } from './nida-openapi.ts';
import { profilePaths } from './profile-openapi.ts';
import { ussdAccessPaths } from './ussd-access-openapi.ts';
import { assistantPaths } from './assistant-openapi.ts';
import { savingsPaths } from './savings-openapi.ts';
import { uploadPaths } from './upload-openapi.ts';

export function openApiDocument(): ReturnType<typeof createDocument> {
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Ikimina API',
      version: '0.1.0',
      description:
        'Community finance for Rwanda. Every operation: a path, query or body holding a control character ' +
        '(U+0000–U+001F but tab, line feed and carriage return, and U+007F) is refused with 400 `invalid_characters`. ' +
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
    },
    paths: { ...loanPaths, ...authPaths, ...savingsPaths, ...africasTalkingPaths, ...nidaPaths, ...uploadPaths, ...profilePaths, ...ussdAccessPaths, ...kycPaths, ...assistantPaths, ...educationPaths, ...merchantPaths, ...cardPaths },
  });
}
