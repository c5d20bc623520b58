/** The group decisions paths of the OpenAPI document (apps/http/openapi.ts spreads them in). */
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { authed, error, idParam, json, list } from './openapi-parts.ts';
import { ProposalCreatedResponse, ProposalRequest, ProposalResponse, VoteRequest, VoteResponse } from './decision-schemas.ts';

export const decisionPaths: ZodOpenApiPathsObject = {
  '/api/tontines/{id}/proposals': {
    get: authed(
      'The group’s proposals, open and closed, newest first (members only): each with its counts, its result and the reader’s own vote',
      { '200': { description: 'Proposals', ...json(list(ProposalResponse)) }, '403': error('not_a_member'), '404': error('tontine_not_found') },
      { parameters: [idParam()] },
    ),
    post: authed(
      'Propose a change for the whole group to vote on (members only): open for 72 hours under the group’s rule (a majority of all ' +
        'members, or unanimity); every member is told in the app and by SMS',
      {
        '201': { description: 'Open', ...json(ProposalCreatedResponse) },
        '400': error('validation_failed | proposal_text_required'),
        '403': error('not_a_member'),
        '404': error('tontine_not_found'),
        '409': error(
          'proposal_change_invalid (not every member once, a paid turn moved, no change, a fine of another group) | tontine_not_active | ' +
            'personal_savings_has_no_rotation | personal_savings_has_no_decisions',
        ),
      },
      { parameters: [idParam()], requestBody: json(ProposalRequest) },
    ),
  },
  '/api/tontines/{id}/proposals/{pid}/votes': {
    post: authed(
      'Vote yes or no, or change one’s vote, while the proposal is open (members only); the vote that makes the result certain closes ' +
        'it, makes its change and tells every member',
      {
        '200': { description: 'The vote, and the proposal after it', ...json(VoteResponse) },
        '400': error('validation_failed'),
        '403': error('not_a_member'),
        '404': error('tontine_not_found | proposal_not_found'),
        '409': error('proposal_closed'),
      },
      { parameters: [idParam(), idParam('pid')], requestBody: json(VoteRequest) },
    ),
  },
};
