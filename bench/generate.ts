/**
 * A synthetic competition of a given size, in the competition-file format:
 * T teams (every fifth in the guest division), S services each across four
 * subtypes, three super types.
 */
export function generateCompetition(teams: number, servicesPerTeam: number) {
  const subtypes = [
    { id: 1, name: 'HTTP', super_type_id: 1, max_score: 10 },
    { id: 2, name: 'SSH', super_type_id: 1, max_score: 10 },
    { id: 3, name: 'DNS', super_type_id: 1, max_score: 5 },
    { id: 4, name: 'SMTP', super_type_id: 1, max_score: 8 },
  ];
  return {
    settings: { competition_name: `Benchmark ${teams}x${servicesPerTeam}`, dns_address_template: '10.{team_number}.0' },
    super_types: [
      { id: 1, name: 'Services' },
      { id: 2, name: 'Injects' },
      { id: 3, name: 'Red Team' },
    ],
    subtypes,
    teams: Array.from({ length: teams }, (_, t) => ({
      number: t + 1,
      name: `Team ${t + 1}`,
      logo: `https://bench.example/logos/${t + 1}.png`,
      team_url: `team${t + 1}.bench.example`,
      guest_division: (t + 1) % 5 === 0,
      services: Array.from({ length: servicesPerTeam }, (_, s) => ({
        subtype_id: subtypes[s % subtypes.length]!.id,
        url: `host${s + 1}.team${t + 1}.bench.example`,
        port: 1000 + s,
      })),
    })),
  };
}
