import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Sql } from '../../database/sql.js';
import { db, statement } from '../../database/typed-sql.js';
import { DemoSeeder, type DemoContentSeeder } from '../demo/demo-seeder.decorator.js';
import { BUILT_IN_STEP_TYPE_IDS as KIND } from '../steps/step-type.entity.js';
import { CallsService } from './calls.service.js';

const DAY = 24 * 3600 * 1000;
const at = (days: number) => new Date(Date.now() + days * DAY);

/** The feedback survey sample of the spec: rating 0-10, follow-ups on promoters (> 8) and detractors (< 7), at most 2 features. */
export const FEEDBACK_SURVEY = {
  pages: [
    {
      name: 'feedback',
      elements: [
        {
          type: 'rating',
          name: 'nps',
          title: 'Quanto consiglieresti questo programma a un’altra organizzazione?',
          rateMin: 0,
          rateMax: 10,
          isRequired: true,
        },
        { type: 'comment', name: 'promoter', title: 'Che cosa hai apprezzato di più?', visibleIf: '{nps} > 8' },
        { type: 'comment', name: 'detractor', title: 'Che cosa dovremmo migliorare per prima cosa?', visibleIf: '{nps} < 7' },
        {
          type: 'checkbox',
          name: 'features',
          title: 'Quali due servizi contano di più per te?',
          maxSelectedChoices: 2,
          choices: ['Mentoring', 'Finanziamenti', 'Networking', 'Formazione sulla misurazione dell’impatto', 'Visibilità'],
        },
      ],
    },
  ],
};

/** A short quiz on impact measurement, with its answer key (kept server-side). */
export const DEMO_QUIZ = {
  pages: [
    {
      name: 'quiz',
      elements: [
        {
          type: 'radiogroup',
          name: 'sroi',
          title: 'Che cosa significa la sigla SROI?',
          // The acronym is English, so its expansions stay English.
          choices: ['Social Return on Investment', 'Sustainable Rate of Income', 'Shared Risk of Impact'],
          correctAnswer: 'Social Return on Investment',
        },
        {
          type: 'radiogroup',
          name: 'sdgs',
          title: 'Quanti sono gli Obiettivi di sviluppo sostenibile?',
          choices: ['8', '12', '17', '21'],
          correctAnswer: '17',
        },
        {
          type: 'radiogroup',
          name: 'deadweight',
          title: 'Nello SROI, il «deadweight» è…',
          choices: ['Ciò che sarebbe successo comunque', 'Il costo del progetto', 'Il valore spostato da altrove'],
          correctAnswer: 'Ciò che sarebbe successo comunque',
        },
        {
          type: 'radiogroup',
          name: 'proxy',
          title: 'Un proxy finanziario è…',
          choices: ['Un valore monetario che rappresenta un outcome', 'Una garanzia bancaria', 'Un azionista'],
          correctAnswer: 'Un valore monetario che rappresenta un outcome',
        },
      ],
    },
  ],
};

const INTRO = `<h2>Benvenuti</h2>
<p>Questo bando finanzia progetti che creano valore sociale e ambientale misurabile. Compila i passi nell’ordine: le risposte vengono salvate mentre scrivi.</p>
<ul><li>Carica il budget e la descrizione del progetto.</li><li>Rispondi a un breve questionario e a un quiz.</li><li>Progetta il tuo impatto: SDG, outcome, indicatori.</li></ul>`;

const slot = (file_name: string, file_description: string, file_type: string, dimensions: number, mandatory: boolean) => ({
  file_name,
  file_description,
  file_type,
  dimensions,
  mandatory,
});
const PROJECT_DESCRIPTION = slot('Descrizione del progetto', 'Al massimo 10 pagine', 'pdf', 5 * 1024 * 1024, true);
const INTRO_STEP = { name: 'Introduzione', stepTypeId: KIND.text, content: { html: INTRO } };

const frameworkNamed = statement('demo-framework', (p: { name: string }) =>
  db.selectFrom('impactFramework').select('id').where('name', '=', p.name).orderBy('createdAt').limit(1),
);

/** Calls of the demo: one open with a step of each kind, one upcoming, one closed, one restricted by e-mail. */
@Injectable()
@DemoSeeder(40)
export class CallsDemoSeeder implements DemoContentSeeder {
  constructor(
    private readonly calls: CallsService,
    private readonly sql: Sql,
  ) {}

  async seed(m: EntityManager): Promise<void> {
    // The demo framework (order 30), by the name impact.demo.ts gives it: the impact module imports this one, not the reverse.
    const [framework] = await this.sql.run(frameworkNamed, { name: 'Framework d’impatto di esempio' }, m);
    const frameworkId = framework?.id ?? null;
    const simpleSteps = [INTRO_STEP, { name: 'Documenti', stepTypeId: KIND.upload, content: [PROJECT_DESCRIPTION] }];
    await this.calls.saveIn(m, undefined, {
      name: 'Bando Impatto di comunità 2026',
      description:
        '<p>Contributi fino a <strong>50.000 €</strong> per le organizzazioni che migliorano la propria comunità: inclusione, istruzione, salute e ambiente.</p>',
      openingAt: at(-7),
      closingAt: at(60),
      impactFrameworkId: frameworkId,
      enableUserDownloadPdf: true,
      callType: {
        name: 'Bando Impatto di comunità',
        description: 'Introduzione, documenti, questionario di gradimento, quiz, progettazione dell’impatto e risultati',
        steps: [
          INTRO_STEP,
          {
            name: 'Documenti',
            description: 'Budget e descrizione del progetto',
            stepTypeId: KIND.upload,
            content: [
              slot('Budget', 'Usa il modello di budget', 'excel', 2 * 1024 * 1024, true),
              PROJECT_DESCRIPTION,
              slot('Foto del gruppo di lavoro', 'Facoltativa', 'image', 1024 * 1024, false),
            ],
          },
          { name: 'Questionario di gradimento', stepTypeId: KIND.survey, content: FEEDBACK_SURVEY },
          { name: 'Quiz sull’impatto', stepTypeId: KIND.quiz, content: DEMO_QUIZ },
          // A miniDyi step needs a framework: left out when the demo framework is not there.
          ...(frameworkId
            ? [
                {
                  name: 'Progettazione dell’impatto',
                  stepTypeId: KIND.miniDyi,
                  content: { frameworkId, showSdgFilter: true, maxOutcomeSelect: 4, maxSdgSelect: 4 },
                },
              ]
            : []),
          { name: 'Risultati', stepTypeId: KIND.results, content: { lowerScore: 1, upperScore: 8, appliesTo: 'sroi' } },
        ],
      },
    });
    const partners = { isUserFilterEnable: true, userFilterEmail: 'partner@example.org, admin@example.org' };
    const simple = [
      ['Bando Transizione verde', 'Apre a breve: progetti che riducono emissioni e rifiuti nelle piccole organizzazioni.', 20, 110, {}],
      ['Bando Inclusione sociale 2025', 'Questo bando è chiuso. I risultati sono stati pubblicati sul sito del programma.', -120, -10, {}],
      ['Bando riservato ai partner', 'Riservato alle organizzazioni partner invitate via e-mail.', -3, 45, partners],
    ] as const;
    for (const [name, text, from, to, filter] of simple) {
      const description = `<p>${text}</p>`;
      const callType = { name, description: 'Introduzione e documenti', steps: simpleSteps };
      await this.calls.saveIn(m, undefined, { name, description, openingAt: at(from), closingAt: at(to), ...filter, callType });
    }
  }
}
