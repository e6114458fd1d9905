/**
 * Scripted phone calls of a food-rescue operation for the demo transcripts. Placeholders: {store}, {receiver},
 * {agent}, {caller}, {weekday}. Speaker A is our operations line.
 */
export type Sentiment = 'POSITIVE' | 'NEUTRAL' | 'NEGATIVE';

export interface CallScript {
  direction: 'inbound' | 'outbound-api';
  headline: string;
  gist: string;
  summary: string;
  lines: [speaker: 'A' | 'B', text: string, sentiment: Sentiment][];
  highlights: string[];
  categories: Record<string, number>;
}

export const CALL_SCRIPTS: readonly CallScript[] = [
  {
    direction: 'inbound',
    headline: 'Missed pickup at {store} leaves bakery product unclaimed',
    gist: 'Missed pickup',
    summary:
      '{caller} from {store} reported that nobody came for the {weekday} pickup. The operations team apologised, confirmed a replacement driver for the next morning and logged a no-pickup record.',
    lines: [
      ['A', 'Good morning, this is {agent} with the food rescue operations line. How can I help?', 'NEUTRAL'],
      [
        'B',
        'Hi, this is {caller} at {store}. Nobody showed up for our {weekday} pickup and we have six racks of bread sitting here.',
        'NEGATIVE',
      ],
      ['B', 'This is the second time this month and it is really frustrating for my team.', 'NEGATIVE'],
      [
        'A',
        'I am sorry about that. Let me check the route. It looks like the driver for {receiver} had a vehicle problem.',
        'NEGATIVE',
      ],
      [
        'A',
        'I can send a replacement driver first thing tomorrow morning, and I will log the missed pickup.',
        'POSITIVE',
      ],
      ['B', 'Tomorrow morning works. Can you make sure they bring extra bins?', 'NEUTRAL'],
      ['A', 'Absolutely, I will add a note for extra bins. Thank you for holding the product for us.', 'POSITIVE'],
      ['B', 'Okay, thanks for sorting it out.', 'POSITIVE'],
    ],
    highlights: ['missed pickup', 'replacement driver', 'extra bins', 'vehicle problem'],
    categories: {
      'BusinessAndFinance>Industries>FoodIndustry': 0.91,
      'Automotive>AutoRepair': 0.12,
      'FoodAndDrink>Cooking>Baking': 0.34,
    },
  },
  {
    direction: 'inbound',
    headline: 'New community kitchen asks to join the recovery network',
    gist: 'Joining the network',
    summary:
      '{caller} asked how {receiver} could receive donations. The team explained the food safety requirements, the pickup schedule options and sent the onboarding form.',
    lines: [
      ['A', 'Food rescue operations, {agent} speaking.', 'NEUTRAL'],
      [
        'B',
        'Hello, my name is {caller}. I run the meal program at {receiver} and we would love to receive surplus food.',
        'POSITIVE',
      ],
      ['A', 'That is wonderful to hear. Do you have refrigerated storage on site?', 'POSITIVE'],
      [
        'B',
        'Yes, we have two commercial fridges and a walk-in freezer, and we serve about two hundred meals a week.',
        'NEUTRAL',
      ],
      [
        'A',
        'Perfect. We usually start with two pickups a week, for example Tuesday and Thursday, from a nearby store.',
        'NEUTRAL',
      ],
      ['B', 'That would make a huge difference for our families.', 'POSITIVE'],
      ['A', 'I will email you the onboarding form and the food safety checklist today.', 'POSITIVE'],
      ['B', 'Thank you so much, we really appreciate it.', 'POSITIVE'],
    ],
    highlights: ['meal program', 'food safety checklist', 'onboarding form', 'two pickups a week'],
    categories: {
      'FoodAndDrink>Cooking': 0.42,
      'Society>Charity': 0.95,
      'BusinessAndFinance>Industries>FoodIndustry': 0.51,
    },
  },
  {
    direction: 'outbound-api',
    headline: 'Monthly impact report and store poster explained to {store}',
    gist: 'Impact report follow-up',
    summary:
      '{agent} called {caller} at {store} about the monthly impact report and the food rescue hero poster. The store manager asked how meals and CO2e are calculated.',
    lines: [
      [
        'A',
        'Hi {caller}, this is {agent} from the food rescue program, calling about your monthly impact report.',
        'NEUTRAL',
      ],
      ['B', 'Oh great, the team loved the poster last month. It is up by the entrance.', 'POSITIVE'],
      ['B', 'Customers keep asking how you count the meals though.', 'NEUTRAL'],
      [
        'A',
        'We count one meal for every one point two pounds of food donated to a charity, and the CO2e comes from published emission factors.',
        'NEUTRAL',
      ],
      ['A', 'The about the numbers page on the public site lists every factor and its source.', 'NEUTRAL'],
      ['B', 'Perfect, I will point people there. Can we get the poster in French as well?', 'NEUTRAL'],
      ['A', 'I will pass that request to the team. Thanks for being a food rescue hero.', 'POSITIVE'],
    ],
    highlights: ['monthly impact report', 'food rescue hero poster', 'emission factors', 'about the numbers page'],
    categories: {
      'BusinessAndFinance>Business>GreenSolutions': 0.81,
      'Science>Environment': 0.63,
      'BusinessAndFinance>Industries>FoodIndustry': 0.58,
    },
  },
  {
    direction: 'inbound',
    headline: 'Composter changes its collection day for {store}',
    gist: 'Schedule change',
    summary:
      '{caller} from {receiver} asked to move the weekly organics collection at {store}. The new day was agreed and the schedule will be updated.',
    lines: [
      ['A', 'Operations line, {agent} here.', 'NEUTRAL'],
      [
        'B',
        'Hi, it is {caller} from {receiver}. We need to move our collection at {store} from {weekday} to Friday.',
        'NEUTRAL',
      ],
      ['A', 'That should be fine. Will the truck still arrive before noon?', 'NEUTRAL'],
      ['B', 'Yes, between eight and eleven. The route change starts next week.', 'NEUTRAL'],
      ['A', 'Got it. I will update the schedule and let the store know.', 'NEUTRAL'],
      ['B', 'Thanks, bye.', 'NEUTRAL'],
    ],
    highlights: ['collection day', 'route change', 'organics collection'],
    categories: {
      'BusinessAndFinance>Industries>EnvironmentalServicesIndustry': 0.88,
      'BusinessAndFinance>Business>Logistics': 0.47,
    },
  },
  {
    direction: 'outbound-api',
    headline: 'Farm partner confirms capacity for more produce',
    gist: 'Farm capacity',
    summary:
      '{agent} checked with {caller} at {receiver} whether the farm can take more produce and bakery product. The farm can take two more pickups a week from spring.',
    lines: [
      [
        'A',
        'Hi {caller}, {agent} here from the food rescue program. Do you have a minute to talk about volumes?',
        'NEUTRAL',
      ],
      ['B', 'Sure. The animals have been doing great on the produce from {store}.', 'POSITIVE'],
      [
        'A',
        'Good to hear. We have more produce and day-old bread available. Could you take another pickup or two a week?',
        'NEUTRAL',
      ],
      ['B', 'From spring, yes. In winter we are short on storage space.', 'NEUTRAL'],
      ['A', 'Understood, I will plan the extra pickups from March.', 'POSITIVE'],
    ],
    highlights: ['day-old bread', 'extra pickups', 'storage space'],
    categories: { 'BusinessAndFinance>Industries>AgricultureIndustry': 0.9, 'Pets>Farming': 0.41 },
  },
  {
    direction: 'inbound',
    headline: 'Driver delayed by highway closure',
    gist: 'Driver delayed',
    summary:
      'A volunteer driver for {receiver} called from the road: the highway closure delays the pickup at {store}. The team warned the store and moved the pickup to the afternoon.',
    lines: [
      ['A', 'Food rescue operations, this is {agent}.', 'NEUTRAL'],
      [
        'B',
        'Hi, it is {caller}, I drive for {receiver}. The highway is closed after an accident and I am stuck in traffic.',
        'NEGATIVE',
      ],
      ['B', 'I will not make the {store} pickup this morning.', 'NEGATIVE'],
      [
        'A',
        'Thanks for letting us know. Stay safe. I will call the store and ask them to hold the product until two.',
        'NEUTRAL',
      ],
      ['B', 'Two should be fine. Sorry about this.', 'NEGATIVE'],
      ['A', 'Not your fault at all. Drive safely.', 'POSITIVE'],
    ],
    highlights: ['highway closure', 'volunteer driver', 'hold the product'],
    categories: {
      'Automotive>RoadSafety': 0.72,
      'NewsAndPolitics>Weather': 0.18,
      'BusinessAndFinance>Business>Logistics': 0.55,
    },
  },
];
