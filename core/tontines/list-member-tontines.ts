/** ListMemberTontines: a member sees the groups they belong to (their personal savings included), newest first. */
import type { DescribeTontines, TontineOverview } from './describe-tontines.ts';
import type { TontineRepository } from './ports.ts';

export interface ListMemberTontinesDeps {
  tontines: Pick<TontineRepository, 'listByMember'>;
  describe: Pick<DescribeTontines, 'execute'>;
}

export interface ListMemberTontinesInput {
  userId: string;
}

export class ListMemberTontines {
  constructor(private readonly deps: ListMemberTontinesDeps) {}

  async execute(input: ListMemberTontinesInput): Promise<TontineOverview[]> {
    const tontines = await this.deps.tontines.listByMember(input.userId);
    return this.deps.describe.execute({ tontines, viewerId: input.userId });
  }
}
