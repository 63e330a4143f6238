import { CLASS_IN, OPCODE_QUERY, QTYPE, RCODE, TYPE, type Answer, type NameKey, type ParsedQuery, type ResourceRecord } from './message';
import { parseZone, type Zone } from './zone-file';

/** How many CNAMEs an answer follows within its zone before it stops (BIND follows at least this many). */
const MAX_CHAIN = 16;

/**
 * What an authoritative server of these zones answers to a query: pure, no
 * sockets. It holds only its zones and recurses for nobody, and answers the
 * questions the checks and the agent's resolver ask as BIND's named does
 * with `recursion no` (a test asks both the same questions):
 *
 * - a name in a zone: its records of the type asked (AA), a CNAME followed
 *   within its own zone (not into another zone it holds: BIND stops at the
 *   zone's edge too), NODATA (the SOA in authority) for a type the name has
 *   none of, NXDOMAIN for a name the zone does not hold;
 * - a name in no zone held: REFUSED; a class other than IN: REFUSED;
 * - a zone transfer (AXFR, IXFR): REFUSED;
 * - where it parts from BIND, on purpose: ANY, MAILA and MAILB are declined
 *   (NOTIMP: nothing a check asks; BIND lists the name's records);
 * - OPT, TKEY or TSIG asked as a question, a query that carries answers or
 *   authority records, or no single readable question: FORMERR, as BIND;
 * - an opcode other than QUERY: NOTIMP; a response: nothing (`undefined`).
 */
export class Authority {
  private readonly zones: Zone[];

  /** Zones already read (zone-file.ts), each answered alone. */
  constructor(zones: Iterable<Zone>) {
    this.zones = [...zones].sort((a, b) => b.origin.length - a.origin.length);
  }

  /** From zone file texts (zone name → text); throws `ZoneFileError` naming the zone and line when one cannot be read. */
  static fromTexts(zoneTexts: ReadonlyMap<string, string>): Authority {
    return new Authority([...zoneTexts].map(([origin, text]) => parseZone(origin, text)));
  }

  answer(query: ParsedQuery): Answer | undefined {
    if (query.isResponse) return undefined;
    const refuse = (rcode: number): Answer => ({ rcode, aa: false, answers: [], authority: [] });
    if (query.opcode !== OPCODE_QUERY) return refuse(RCODE.NOTIMP);
    const question = query.question;
    if (!question || query.otherRecords) return refuse(RCODE.FORMERR);
    if (question.type === QTYPE.OPT || question.type === QTYPE.TKEY || question.type === QTYPE.TSIG) return refuse(RCODE.FORMERR);
    if (question.class !== CLASS_IN) return refuse(RCODE.REFUSED);
    const zone = this.zoneOf(question.key);
    if (!zone) return refuse(RCODE.REFUSED);
    if (question.type === QTYPE.AXFR || question.type === QTYPE.IXFR) return refuse(RCODE.REFUSED);
    if (question.type === QTYPE.ANY || question.type === QTYPE.MAILA || question.type === QTYPE.MAILB) return refuse(RCODE.NOTIMP);
    return this.lookUp(zone, question.key, question.type);
  }

  /** The zone a name falls in: the longest origin that is the name or one of its ancestors. */
  private zoneOf(name: NameKey): Zone | undefined {
    return this.zones.find((zone) => name === zone.origin || name.endsWith(`.${zone.origin}`));
  }

  private lookUp(zone: Zone, firstName: NameKey, type: number): Answer {
    const answers: ResourceRecord[] = [];
    const seen = new Set<NameKey>();
    let name = firstName;
    for (;;) {
      seen.add(name);
      const byType = zone.records.get(name);
      if (!byType) {
        const rcode = zone.names.has(name) ? RCODE.NOERROR : RCODE.NXDOMAIN;
        return { rcode, aa: true, answers, authority: [zone.negative] };
      }
      const wanted = byType.get(type);
      if (wanted) return { rcode: RCODE.NOERROR, aa: true, answers: [...answers, ...wanted.map((s) => s.record)], authority: [] };
      const cname = type === TYPE.CNAME ? undefined : byType.get(TYPE.CNAME)?.[0];
      if (!cname) return { rcode: RCODE.NOERROR, aa: true, answers, authority: [zone.negative] };
      answers.push(cname.record);
      const next = cname.target!;
      // A target outside this zone, a loop, or a chain too long: the chain so far, for the client to go on with.
      if (this.zoneOf(next) !== zone || seen.has(next) || seen.size >= MAX_CHAIN) return { rcode: RCODE.NOERROR, aa: true, answers, authority: [] };
      name = next;
    }
  }
}
