import { CLASS_IN, OPCODE_QUERY, QTYPE, RCODE, TYPE, type Answer, type NameKey, type ParsedQuery, type ResourceRecord } from './message';
import { parseZone, type Zone } from './zone-file';

/** How many CNAMEs an answer follows inside the zones held before it stops (BIND stops at 16; these zones are small). */
const MAX_CHAIN = 8;

/**
 * What an authoritative server of these zones answers to a query: pure, no
 * sockets. It holds only its zones and recurses for nobody:
 *
 * - a name in a zone: its records of the type asked (AA), a CNAME followed
 *   within the zones held, NODATA (the SOA in authority) for a type the name
 *   has none of, NXDOMAIN for a name the zone does not hold;
 * - a name in no zone held: REFUSED, as BIND answers with `recursion no`;
 * - a zone transfer (AXFR, IXFR): REFUSED; ANY and the other meta types:
 *   NOTIMP (RFC 8482 lets a server decline ANY);
 * - an opcode other than QUERY: NOTIMP; a class other than IN: REFUSED;
 *   a message whose question cannot be read: FORMERR;
 * - a response: nothing at all (`undefined`).
 */
export class Authority {
  private readonly zones: Zone[];

  /** Zone name → zone file text. Throws `ZoneFileError` naming the zone and line when a file cannot be read. */
  constructor(zoneTexts: ReadonlyMap<string, string>) {
    this.zones = [...zoneTexts].map(([origin, text]) => parseZone(origin, text)).sort((a, b) => b.origin.length - a.origin.length);
  }

  answer(query: ParsedQuery): Answer | undefined {
    if (query.isResponse) return undefined;
    const refuse = (rcode: number): Answer => ({ rcode, aa: false, answers: [], authority: [] });
    if (query.opcode !== OPCODE_QUERY) return refuse(RCODE.NOTIMP);
    const question = query.question;
    if (!question) return refuse(RCODE.FORMERR);
    if (question.class !== CLASS_IN) return refuse(RCODE.REFUSED);
    const zone = this.zoneOf(question.key);
    if (!zone) return refuse(RCODE.REFUSED);
    if (question.type === QTYPE.AXFR || question.type === QTYPE.IXFR) return refuse(RCODE.REFUSED);
    if (question.type === QTYPE.ANY || question.type === QTYPE.MAILA || question.type === QTYPE.MAILB || question.type === QTYPE.OPT) {
      return refuse(RCODE.NOTIMP);
    }
    return this.lookUp(zone, question.key, question.type);
  }

  /** The zone a name falls in: the longest origin that is the name or one of its ancestors. */
  private zoneOf(name: NameKey): Zone | undefined {
    return this.zones.find((zone) => name === zone.origin || name.endsWith(`.${zone.origin}`));
  }

  private lookUp(first: Zone, firstName: NameKey, type: number): Answer {
    const answers: ResourceRecord[] = [];
    const seen = new Set<NameKey>();
    let zone = first;
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
      const nextZone = this.zoneOf(next);
      // A target outside the zones held, a loop, or a chain too long: the chain so far, for the client to go on with.
      if (!nextZone || seen.has(next) || seen.size >= MAX_CHAIN) return { rcode: RCODE.NOERROR, aa: true, answers, authority: [] };
      zone = nextZone;
      name = next;
    }
  }
}
