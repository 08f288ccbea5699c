import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Sql } from '../../database/sql.js';
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
          title: 'How likely are you to recommend this programme to another organization?',
          rateMin: 0,
          rateMax: 10,
          isRequired: true,
        },
        { type: 'comment', name: 'promoter', title: 'What did you value most?', visibleIf: '{nps} > 8' },
        { type: 'comment', name: 'detractor', title: 'What should we improve first?', visibleIf: '{nps} < 7' },
        {
          type: 'checkbox',
          name: 'features',
          title: 'Which two services matter most to you?',
          maxSelectedChoices: 2,
          choices: ['Mentoring', 'Funding', 'Networking', 'Impact measurement training', 'Visibility'],
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
          title: 'What does SROI stand for?',
          choices: ['Social Return on Investment', 'Sustainable Rate of Income', 'Shared Risk of Impact'],
          correctAnswer: 'Social Return on Investment',
        },
        {
          type: 'radiogroup',
          name: 'sdgs',
          title: 'How many Sustainable Development Goals are there?',
          choices: ['8', '12', '17', '21'],
          correctAnswer: '17',
        },
        {
          type: 'radiogroup',
          name: 'deadweight',
          title: 'In SROI, "deadweight" is…',
          choices: ['What would have happened anyway', 'The cost of the project', 'The value moved from elsewhere'],
          correctAnswer: 'What would have happened anyway',
        },
        {
          type: 'radiogroup',
          name: 'proxy',
          title: 'A financial proxy is…',
          choices: ['A monetary value standing for an outcome', 'A bank guarantee', 'A shareholder'],
          correctAnswer: 'A monetary value standing for an outcome',
        },
      ],
    },
  ],
};

const INTRO = `<h2>Welcome</h2>
<p>This call funds projects that create measurable social and environmental value. Fill the steps in order: your answers are saved as you go.</p>
<ul><li>Upload your budget and project description.</li><li>Answer a short survey and a quiz.</li><li>Design your impact: SDGs, outcomes, indicators.</li></ul>`;

/** Calls of the demo: one open with a step of each kind, one upcoming, one closed, one restricted by e-mail. */
@Injectable()
@DemoSeeder(40)
export class CallsDemoSeeder implements DemoContentSeeder {
  constructor(
    private readonly calls: CallsService,
    private readonly sql: Sql,
  ) {}

  async seed(m: EntityManager): Promise<void> {
    const frameworkId = await this.demoFramework(m);
    const simpleSteps = [
      { name: 'Introduction', stepTypeId: KIND.text, content: { html: INTRO } },
      {
        name: 'Documents',
        stepTypeId: KIND.upload,
        content: [
          {
            file_name: 'Project description',
            file_description: 'Up to 10 pages',
            file_type: 'pdf',
            dimensions: 5 * 1024 * 1024,
            mandatory: true,
          },
        ],
      },
    ];
    await this.calls.createIn(m, {
      name: 'Community Impact Call 2026',
      description:
        '<p>Grants of up to <strong>50,000 €</strong> for organizations improving their community: inclusion, education, health and the environment.</p>',
      openingAt: at(-7),
      closingAt: at(60),
      impactFrameworkId: frameworkId,
      enableUserDownloadPdf: true,
      callType: {
        name: 'Community Impact Call',
        description: 'Introduction, documents, feedback survey, quiz, impact design and results',
        steps: [
          { name: 'Introduction', stepTypeId: KIND.text, content: { html: INTRO } },
          {
            name: 'Documents',
            description: 'Budget and project description',
            stepTypeId: KIND.upload,
            content: [
              {
                file_name: 'Budget',
                file_description: 'Use the budget template',
                file_type: 'excel',
                dimensions: 2 * 1024 * 1024,
                mandatory: true,
              },
              {
                file_name: 'Project description',
                file_description: 'Up to 10 pages',
                file_type: 'pdf',
                dimensions: 5 * 1024 * 1024,
                mandatory: true,
              },
              { file_name: 'Team photo', file_description: 'Optional', file_type: 'image', dimensions: 1024 * 1024, mandatory: false },
            ],
          },
          { name: 'Feedback survey', stepTypeId: KIND.survey, content: FEEDBACK_SURVEY },
          { name: 'Impact quiz', stepTypeId: KIND.quiz, content: DEMO_QUIZ },
          // A miniDyi step needs a framework (issue 14): left out when the demo framework is not there.
          ...(frameworkId
            ? [
                {
                  name: 'Impact design',
                  stepTypeId: KIND.miniDyi,
                  content: { frameworkId, showSdgFilter: true, maxOutcomeSelect: 4, maxSdgSelect: 4 },
                },
              ]
            : []),
          { name: 'Results', stepTypeId: KIND.results, content: { lowerScore: 1, upperScore: 8, appliesTo: 'sroi' } },
        ],
      },
    });
    await this.calls.createIn(m, {
      name: 'Green Transition Call',
      description: '<p>Opens soon: projects reducing emissions and waste in small organizations.</p>',
      openingAt: at(20),
      closingAt: at(110),
      callType: { name: 'Green Transition Call', description: 'Introduction and documents', steps: simpleSteps },
    });
    await this.calls.createIn(m, {
      name: 'Social Inclusion Call 2025',
      description: '<p>This call is closed. Results were published on the programme website.</p>',
      openingAt: at(-120),
      closingAt: at(-10),
      callType: { name: 'Social Inclusion Call 2025', description: 'Introduction and documents', steps: simpleSteps },
    });
    await this.calls.createIn(m, {
      name: 'Partners-only Call',
      description: '<p>Reserved to the partner organizations invited by e-mail.</p>',
      openingAt: at(-3),
      closingAt: at(45),
      isUserFilterEnable: true,
      userFilterEmail: 'partner@example.org, admin@example.org',
      callType: { name: 'Partners-only Call', description: 'Introduction and documents', steps: simpleSteps },
    });
  }

  /** The impact engineer's demo framework (order 30), when present in this transaction. */
  private async demoFramework(m: EntityManager): Promise<string | null> {
    const [framework] = await this.sql.rowsIn<{ id: string }>(
      m,
      'demo-framework',
      'SELECT id FROM impact_framework WHERE name = $1 ORDER BY created_at LIMIT 1',
      ['Demo impact framework'],
    );
    return framework?.id ?? null;
  }
}
