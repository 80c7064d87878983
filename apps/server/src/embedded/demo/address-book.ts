import type { Random } from './random';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

const words = (text: string): readonly string[] => text.trim().split(/\s+/);

const FIRST_NAMES = words(`
  james mary robert patricia john jennifer michael linda david elizabeth william barbara richard
  susan joseph jessica thomas sarah charles karen daniel lisa matthew nancy anthony betty mark
  sandra paul ashley steven kimberly andrew emily kenneth donna joshua michelle kevin carol brian
  amanda george melissa timothy deborah ronald stephanie jason rebecca mateo chloe aarav yuki
  fatima lars ingrid chiara tomasz aisha
`);

const LAST_NAMES = words(`
  smith johnson williams brown jones garcia miller davis rodriguez martinez hernandez lopez
  gonzalez wilson anderson thomas taylor moore jackson martin lee perez thompson white harris
  sanchez clark ramirez lewis robinson walker young allen king wright scott torres nguyen hill
  flores green adams nelson baker hall rivera campbell mitchell carter roberts schmidt rossi
  dubois nowak jensen tanaka kim singh silva haddad
`);

/** Reserved example domains only: the demo must never name a real mailbox. */
const DOMAINS = words(`
  northwind.example globex.example initech.example umbrella-health.example hooli.example
  piedpiper.example brightpath.example bluefin-logistics.example cedarworks.example
  summit-partners.example oakridge-school.example lumen-labs.example harbor-foods.example
  vertex-consulting.example example.com example.org example.net mail.example
  sunrise-realty.example quantum-retail.example
`);

const SEPARATORS = ['.', '.', '.', '_', ''] as const;

/** A plausible, lowercase business address at an example domain. */
function randomAddress(random: Random): string {
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  const local = random.chance(0.15) ? `${first[0]}${last}` : `${first}${random.pick(SEPARATORS)}${last}`;
  const suffix = random.chance(0.2) ? String(random.int(1, 99)) : '';
  return `${local}${suffix}@${random.pick(DOMAINS)}`;
}

/** `count` distinct addresses, none of them in `taken`. */
export function distinctAddresses(
  random: Random,
  count: number,
  taken: ReadonlySet<string> = new Set(),
): string[] {
  const found = new Set<string>();
  while (found.size < count) {
    const address = randomAddress(random);
    if (!taken.has(address)) found.add(address);
  }
  return [...found];
}
