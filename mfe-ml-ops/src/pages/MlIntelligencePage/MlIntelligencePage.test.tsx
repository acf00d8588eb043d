import { screen, waitFor, within } from '@testing-library/react';
import { contract, type ModelStatus } from '@nivesh/api-contract';
import {
  makeLearningStatus,
  makeMemoryStatus,
  makeMlIntelligenceMetrics,
  makeOnlineLearningStatus,
  ok,
} from '@nivesh/api-contract/testing';
import {
  delay,
  HttpResponse,
  layOutCharts,
  mockRoute,
  renderWithProviders,
  setupServer,
} from '@nivesh/api-client/testing';
import MlIntelligencePage from './MlIntelligencePage';
import {
  connectedHandlers,
  dbStats,
  drift,
  ML_ANSWERS,
  notConnectedHandlers,
  NOT_CONNECTED_TEXT,
} from './mlFixtures';
import { updateCadence } from './EnhancementsTab';

layOutCharts();

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ml = contract.ml;

function renderPage() {
  return renderWithProviders(<MlIntelligencePage />, { route: '/ml-intelligence' });
}

async function openTab(user: ReturnType<typeof renderPage>['user'], name: string) {
  await user.click(screen.getByRole('tab', { name }));
}

function card(name: string) {
  return within(screen.getByRole('region', { name }));
}

function group(name: string) {
  return within(screen.getByRole('group', { name }));
}

describe('MlIntelligencePage while loading', () => {
  it('shows the spinner text until the overview calls have answered', async () => {
    // The first handler for a path wins.
    server.use(
      mockRoute(ml.memoryStatus, async () => {
        await delay(150);
        return HttpResponse.json(ML_ANSWERS[ml.memoryStatus.path] as Record<string, unknown>);
      }),
      ...connectedHandlers(),
    );
    renderPage();
    expect(screen.getByText('Loading ML Intelligence Data...')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'ML Intelligence System' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Loading ML Intelligence Data...')).not.toBeInTheDocument();
  });
});

describe('MlIntelligencePage when the ML service is not connected (503)', () => {
  beforeEach(() => server.use(...notConnectedHandlers()));

  it('shows each overview card as not connected, without invented figures', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'ML Intelligence System' })).toBeInTheDocument();
    expect(
      screen.getByText('Advanced AI learning, memory, and decision-making analytics'),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'System Overview', selected: true })).toBeInTheDocument();

    expect(screen.queryByText('System Health Overview')).not.toBeInTheDocument();
    for (const name of ['Memory System', 'Knowledge Graph', 'Learning Engine']) {
      expect(card(name).getByText('Not Connected (Future Enhancement)')).toBeInTheDocument();
    }
    expect(card('Orchestrator').getByText('Status Unavailable')).toBeInTheDocument();
    // No default trading mode is shown for an orchestrator that did not answer.
    expect(screen.queryByText('Paper')).not.toBeInTheDocument();
    expect(screen.getByText('Learning metrics not available')).toBeInTheDocument();
    expect(screen.getByText('Autonomous learning status not available')).toBeInTheDocument();
    expect(screen.getByText('Learned patterns not available')).toBeInTheDocument();
    expect(screen.getByText('Recommendations not available')).toBeInTheDocument();
    // The original's static fallback text is not shown as if it were advice.
    expect(screen.queryByText(/distributed learning/i)).not.toBeInTheDocument();
  });

  it('says the enhancements API is not available, naming the endpoint, with none of the defaults', async () => {
    const { user } = renderPage();
    await screen.findByRole('heading', { name: 'ML Intelligence System' });
    await openTab(user, 'ML Enhancements');
    expect(await screen.findByText('ML Enhancements API Not Available')).toBeInTheDocument();
    expect(screen.getByText('/api/ml/enhancements/status')).toBeInTheDocument();
    expect(screen.getByText(NOT_CONNECTED_TEXT)).toBeInTheDocument();
    expect(screen.queryByText(/8085/)).not.toBeInTheDocument();
    expect(screen.queryByText(/v1\.0/)).not.toBeInTheDocument();
    expect(screen.queryByText('Positive')).not.toBeInTheDocument();
    expect(screen.queryByText(/advanced AI capabilities are running/)).not.toBeInTheDocument();
  });

  it('says learning analytics are not available rather than that no predictions were logged', async () => {
    const { user } = renderPage();
    await screen.findByRole('heading', { name: 'ML Intelligence System' });
    await openTab(user, 'ML Analytics (Live Data)');
    expect(await screen.findByText('Learning analytics not available')).toBeInTheDocument();
    expect(screen.getByText(NOT_CONNECTED_TEXT)).toBeInTheDocument();
    expect(screen.queryByText('No Learning Data Available')).not.toBeInTheDocument();
  });

  it('logs nothing for the expected not-connected answers', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderPage();
    await screen.findByRole('heading', { name: 'ML Intelligence System' });
    expect(spy).not.toHaveBeenCalledWith('Error fetching ML intelligence data', expect.anything());
    spy.mockRestore();
  });
});

describe('MlIntelligencePage overview when connected', () => {
  beforeEach(() => server.use(...connectedHandlers()));

  it('shows the system health grid with score colours, trend and alerts', async () => {
    renderPage();
    expect(await screen.findByText('System Health Overview')).toBeInTheDocument();
    expect(screen.getByText('Improving')).toBeInTheDocument();
    expect(screen.getByText('No Critical Alerts')).toBeInTheDocument();
    // 0.85 and 0.8 are green (success icon), 0.6 yellow (warning), 0.59 red (error).
    expect(group('Overall Health').getByText('85.0%')).toBeInTheDocument();
    expect(group('Overall Health').getByRole('img', { name: 'Good' })).toBeInTheDocument();
    expect(group('Learning Health').getByRole('img', { name: 'Good' })).toBeInTheDocument();
    expect(group('Model Health').getByText('60.0%')).toBeInTheDocument();
    expect(group('Model Health').getByRole('img', { name: 'Warning' })).toBeInTheDocument();
    expect(group('Data Health').getByText('59.0%')).toBeInTheDocument();
    expect(group('Data Health').getByRole('img', { name: 'Critical' })).toBeInTheDocument();
    // The trend, monitoring and alert counts are not grid entries.
    expect(screen.queryByRole('group', { name: 'Health Trend' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Critical Alerts' })).not.toBeInTheDocument();
  });

  it('fills the four status cards from their calls', async () => {
    renderPage();
    await screen.findByText('System Health Overview');
    const memory = card('Memory System');
    expect(memory.getByText('12,345')).toBeInTheDocument();
    expect(memory.getByText('87')).toBeInTheDocument();
    expect(memory.getByText('82.3%')).toBeInTheDocument();
    expect(memory.getByText('91.0%')).toBeInTheDocument();

    const graph = card('Knowledge Graph');
    expect(graph.getByText('5,210')).toBeInTheDocument();
    expect(graph.getByText('18,044')).toBeInTheDocument();
    expect(graph.getByText('312')).toBeInTheDocument();
    expect(graph.getByText('64.0%')).toBeInTheDocument();

    const engine = card('Learning Engine');
    expect(engine.getByText('Active')).toBeInTheDocument();
    expect(engine.getByText('73.5%')).toBeInTheDocument();
    expect(engine.getByText('17')).toBeInTheDocument();
    // The learning rate to 4 decimals.
    expect(engine.getByText('0.0012')).toBeInTheDocument();

    const orchestrator = card('Orchestrator');
    expect(orchestrator.getByText('3/4')).toBeInTheDocument();
    expect(orchestrator.getByText('Yes')).toBeInTheDocument();
    expect(orchestrator.getByText('Paper')).toBeInTheDocument();
  });

  it('shows a learning rate too small for 4 decimals in scientific notation, not as 0.0000', async () => {
    server.use(
      ...connectedHandlers({
        [ml.learningStatus.path]: {
          success: true,
          data: { ...(ML_ANSWERS[ml.learningStatus.path] as { data: object }).data, learning_rate: 0.000025 },
        },
      }),
    );
    renderPage();
    await screen.findByText('System Health Overview');
    expect(card('Learning Engine').getByRole('group', { name: 'Learning Rate' })).toHaveTextContent(
      '2.50e-5',
    );
  });

  it('shows active learning metrics, autonomous tiles, patterns capped at 3 and recommendations', async () => {
    renderPage();
    await screen.findByText('System Health Overview');
    expect(group('Model Updates').getByText('24')).toBeInTheDocument();
    expect(group('Pattern Recognition').getByText('139')).toBeInTheDocument();
    expect(group('Strategy Refinements').getByText('6')).toBeInTheDocument();
    expect(group('Adaptation Score').getByText('55.2%')).toBeInTheDocument();
    const ring = group('Learning health status');
    expect(ring.getByText('77.0%')).toBeInTheDocument();
    expect(ring.getByText('Active')).toBeInTheDocument();
    expect(ring.getByText('Adapting: No')).toBeInTheDocument();

    expect(group('Self Learning Enabled').getByText('Active')).toBeInTheDocument();
    expect(group('Exploration Mode').getByText('Inactive')).toBeInTheDocument();
    expect(group('Active Hypotheses').getByText('3')).toBeInTheDocument();
    expect(group('Cycles Completed').getByText('1,520')).toBeInTheDocument();
    expect(group('Current Focus').getByText('NIFTY 50 breakouts')).toBeInTheDocument();
    expect(group('Last Cycle').getByText('Duration S: 42, Outcome: improved')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Internal State' })).not.toBeInTheDocument();

    const learned = within(screen.getByRole('region', { name: 'Learned Patterns' }));
    expect(learned.getByText('Pattern 1')).toBeInTheDocument();
    expect(learned.getByText('Pattern 3')).toBeInTheDocument();
    expect(learned.queryByText('Pattern 4')).not.toBeInTheDocument();
    expect(learned.getByText('3 of 5 shown')).toBeInTheDocument();
    const insights = within(screen.getByRole('region', { name: 'Insights' }));
    expect(insights.getByText('Insight 3')).toBeInTheDocument();
    expect(insights.queryByText('Insight 4')).not.toBeInTheDocument();

    expect(screen.getByText('Retrain the breakout model')).toBeInTheDocument();
    expect(screen.getByText('Accuracy fell below 55% this week.')).toBeInTheDocument();
    expect(screen.getByText('high')).toBeInTheDocument();
    expect(screen.getByText('medium')).toBeInTheDocument();
    expect(screen.getByText('low')).toBeInTheDocument();
  });

  it('counts critical alerts and a declining trend as such', async () => {
    server.use(
      mockRoute(ml.intelligenceMetrics, () => {
        const body = ML_ANSWERS[ml.intelligenceMetrics.path] as { data: { system_health: object } };
        return HttpResponse.json({
          ...body,
          data: {
            ...body.data,
            system_health: { ...body.data.system_health, critical_alerts: 2, health_trend: 'stable' },
            shortcomings_analysis: { recommendations: [] },
          },
        });
      }),
    );
    renderPage();
    expect(await screen.findByText('2 Critical Alerts')).toBeInTheDocument();
    expect(screen.getByText('Stable')).toBeInTheDocument();
    expect(screen.queryByText('No Critical Alerts')).not.toBeInTheDocument();
    expect(screen.getByText('No recommendations right now')).toBeInTheDocument();
  });

  it('marks only the card whose call failed as not connected', async () => {
    server.use(...connectedHandlers({ [ml.knowledgeGraphStatus.path]: 503, [ml.enginesStatus.path]: 503 }));
    renderPage();
    await screen.findByText('System Health Overview');
    expect(card('Knowledge Graph').getByText('Not Connected (Future Enhancement)')).toBeInTheDocument();
    expect(card('Orchestrator').getByText('Status Unavailable')).toBeInTheDocument();
    expect(card('Memory System').getByText('12,345')).toBeInTheDocument();
  });
});

/** What a fresh install's server answers while its first model is trained. */
function freshInstall(model: Partial<ModelStatus>) {
  const metrics = makeMlIntelligenceMetrics();
  return connectedHandlers({
    [ml.intelligenceMetrics.path]: ok({
      ...metrics,
      system_health: {
        ...metrics.system_health,
        overall_health: null,
        model_health: null,
        learning_health: null,
        data_health: 1,
      },
      model: {
        state: 'training',
        version: null,
        trained_at: null,
        last_full_training_at: null,
        training: {
          started_at: '2026-03-02T09:29:00.000Z',
          reason: 'no model yet',
          progress: 0.4,
          ready_at_estimate: '2026-03-02T09:31:30.000Z',
        },
        last_failure: null,
        next_pass_at: '2026-03-02T10:29:00.000Z',
        ...model,
      },
    }),
    [ml.memoryStatus.path]: ok(
      makeMemoryStatus({ total_memories: 0, active_patterns: 0, retention_rate: null, memory_health: null }),
    ),
    [ml.learningStatus.path]: ok(
      makeLearningStatus({
        adapting: true,
        adaptation_success_rate: null,
        adaptation_score: null,
        learning_health: null,
        recent_adaptations: 0,
      }),
    ),
    [ml.autonomousLearningStatus.path]: ok({
      learning_active: true,
      predictions_open: 0,
      predictions_resolved: 0,
      drift_in_force: false,
      capital_phase_stepped_down: false,
      versions: [],
    }),
    [ml.onlineLearningStatus.path]: ok(makeOnlineLearningStatus({ model_version: null, last_update: null })),
  });
}

describe('MlIntelligencePage on a fresh install (no model yet)', () => {
  it('says the first model is being trained and when it should be ready, in IST, not "none" and "never"', async () => {
    server.use(...freshInstall({}));
    renderPage();
    expect(await screen.findByTestId('model-state')).toHaveTextContent('Training the first model');
    expect(screen.getByRole('status', { name: 'Model state' })).toHaveTextContent(
      'Started 02:59:00 pm IST, 40% fitted; ready about 03:01:30 pm IST. ML figures appear once it is ready.',
    );
    expect(screen.getByRole('group', { name: 'Model Version' })).toHaveTextContent(
      '--Training the first model',
    );
    expect(screen.getByRole('group', { name: 'Next Learning Pass' })).toHaveTextContent(
      '02 Mar 2026, 03:59 pm IST',
    );
    expect(screen.queryByText('none')).not.toBeInTheDocument();
    expect(screen.queryByText('never')).not.toBeInTheDocument();
    expect(screen.queryByText(/2026-03-02T/)).not.toBeInTheDocument();
    // Nothing to measure: "--" with why, not a 100% memory health over 0 memories, nor a 0% model.
    expect(screen.getByRole('group', { name: 'Overall Health' })).toHaveTextContent(
      '--Training the first model',
    );
    expect(screen.getByRole('group', { name: 'Model Health' })).toHaveTextContent(
      '--Training the first model',
    );
    const memory = card('Memory System');
    expect(memory.getByRole('group', { name: 'Memory Health' })).toHaveTextContent(
      '--Nothing to measure yet: no prediction has reached its horizon.',
    );
    expect(memory.getByRole('group', { name: 'Retention Rate' })).toHaveTextContent(
      '--Nothing kept yet: no prediction has an outcome.',
    );
    expect(memory.queryByText('100.0%')).not.toBeInTheDocument();
    expect(card('Learning Engine').getByRole('group', { name: 'Success Rate' })).toHaveTextContent(
      '--Nothing to measure yet',
    );
    expect(screen.getByRole('group', { name: 'Learning health status' })).toHaveTextContent('--');
    expect(screen.queryByText('0.0%')).not.toBeInTheDocument();
  });

  it('says a failed first training failed, when and why, and when it is retried', async () => {
    server.use(
      ...freshInstall({
        state: 'failed',
        training: null,
        last_failure: {
          at: '2026-03-02T09:31:00.000Z',
          reason: 'ml training failed: too few rows to validate a model: 12',
        },
      }),
    );
    const { user } = renderPage();
    expect(await screen.findByTestId('model-state')).toHaveTextContent('No model: the training failed');
    expect(screen.getByRole('status', { name: 'Model state' })).toHaveTextContent(
      "It failed 02 Mar 2026, 03:01 pm IST: ml training failed: too few rows to validate a model: 12. Retrying at the learner's next pass, 02 Mar 2026, 03:59 pm IST.",
    );
    await openTab(user, 'ML Enhancements');
    const summary = within(await screen.findByRole('group', { name: 'Model Version' }));
    expect(summary.getByText('--')).toBeInTheDocument();
    expect(summary.getByText(/^It failed 02 Mar 2026, 03:01 pm IST/)).toBeInTheDocument();
    expect(
      screen.getByText('No model: the training failed: updated hourly once there is one'),
    ).toBeInTheDocument();
  });
});

describe('MlIntelligencePage refresh and logging', () => {
  it('re-runs every call on Refresh, with the button disabled while it runs', async () => {
    let memoryCalls = 0;
    // The refresh's answer waits until the test has seen the button disabled (no race with a timer).
    let answer: Promise<void> = Promise.resolve();
    let release = () => {};
    server.use(
      mockRoute(ml.memoryStatus, async () => {
        memoryCalls += 1;
        await answer;
        return HttpResponse.json(ML_ANSWERS[ml.memoryStatus.path] as Record<string, unknown>);
      }),
      ...connectedHandlers(),
    );
    const { user } = renderPage();
    await screen.findByText('System Health Overview');
    expect(memoryCalls).toBe(1);
    answer = new Promise((resolve) => {
      release = resolve;
    });
    const refresh = screen.getByRole('button', { name: 'Refresh' });
    await user.click(refresh);
    expect(refresh).toBeDisabled();
    release();
    await waitFor(() => expect(refresh).toBeEnabled());
    expect(memoryCalls).toBe(2);
  });

  it('logs a server fault of the overview group with the specification text', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use(...connectedHandlers({ [ml.memoryStatus.path]: 500 }));
    renderPage();
    await waitFor(
      () =>
        expect(spy).toHaveBeenCalledWith(
          'Error fetching ML intelligence data',
          expect.objectContaining({ status: 500 }),
        ),
      { timeout: 4000 },
    );
    expect(card('Memory System').getByText('Not Connected (Future Enhancement)')).toBeInTheDocument();
    spy.mockRestore();
  });
});

describe('MlIntelligencePage enhancements when connected', () => {
  it('shows each capability, the summary sentence and the reported details', async () => {
    server.use(...connectedHandlers());
    const { user } = renderPage();
    await screen.findByText('System Health Overview');
    await openTab(user, 'ML Enhancements');
    expect(await screen.findByText('3 of 4 advanced AI capabilities are running')).toBeInTheDocument();
    expect(card('Ensemble Methods').getByText('Active')).toBeInTheDocument();
    expect(card('Ensemble Methods').getByText('5 models, dynamic weighting')).toBeInTheDocument();
    expect(
      card('Ensemble Methods').getByText(
        'Out-of-sample AUC 0.58 on 1,204 held-out signals (0.53 needed to beat chance)',
      ),
    ).toBeInTheDocument();
    expect(
      card('Ensemble Methods').getByText('Brier skill +2.1% over the 44.0% base rate'),
    ).toBeInTheDocument();
    expect(card('Ensemble Methods').queryByText(/Cannot tell signals apart/)).not.toBeInTheDocument();
    expect(card('Explainability').getByText('Methods: SHAP, LIME')).toBeInTheDocument();
    expect(card('Online Learning').getByText('Inactive')).toBeInTheDocument();
    expect(card('Online Learning').getByText('Model v2.3, updated hourly')).toBeInTheDocument();
    expect(
      card('Sentiment Analysis').getByText('news + market mood; 420 headlines analysed'),
    ).toBeInTheDocument();
    expect(group('Ensemble Models').getByText('5')).toBeInTheDocument();
    expect(group('Explainability Methods').getByText('2')).toBeInTheDocument();
    expect(group('Model Version').getByText('v2.3')).toBeInTheDocument();
    expect(group('Market Sentiment').getByText('Neutral')).toBeInTheDocument();
  });

  it('says a detail is not reported when only its own call fails', async () => {
    server.use(
      ...connectedHandlers({
        [ml.ensembleStatus.path]: 503,
        [ml.onlineLearningStatus.path]: 503,
        [ml.marketSentiment.path]: 503,
      }),
    );
    const { user } = renderPage();
    await screen.findByText('System Health Overview');
    await openTab(user, 'ML Enhancements');
    expect(await screen.findByText('3 of 4 advanced AI capabilities are running')).toBeInTheDocument();
    expect(card('Ensemble Methods').getByText('Model details not reported')).toBeInTheDocument();
    expect(group('Ensemble Models').getByText('--')).toBeInTheDocument();
    expect(group('Model Version').getByText('Not reported')).toBeInTheDocument();
    expect(group('Market Sentiment').getByText('Not reported')).toBeInTheDocument();
    expect(screen.queryByText('Positive')).not.toBeInTheDocument();
  });

  it('says the model cannot tell signals apart when its skill is not clearly above chance', async () => {
    server.use(
      ...connectedHandlers({
        [ml.ensembleStatus.path]: {
          success: true,
          data: {
            model_count: 6,
            weighting: 'dynamic',
            skill: {
              auc: 0.51,
              auc_needed: 0.53,
              brier_skill: -0.004,
              base_rate: 0.438,
              samples: 1204,
              has_skill: false,
            },
          },
        },
      }),
    );
    const { user } = renderPage();
    await screen.findByText('System Health Overview');
    await openTab(user, 'ML Enhancements');
    const ensemble = await screen.findByRole('region', { name: 'Ensemble Methods' });
    expect(
      await within(ensemble).findByText(
        'Out-of-sample AUC 0.51 on 1,204 held-out signals (0.53 needed to beat chance)',
      ),
    ).toBeInTheDocument();
    expect(within(ensemble).getByText('Brier skill -0.4% over the 43.8% base rate')).toBeInTheDocument();
    expect(
      within(ensemble).getByText(
        "Cannot tell signals apart: the allocator uses each strategy's own confidence.",
      ),
    ).toBeInTheDocument();
  });

  it("shows the server's three explanation methods and a model version like 'v12'", async () => {
    server.use(
      ...connectedHandlers({
        [ml.explainabilityStatus.path]: {
          success: true,
          data: { methods: ['Linear (exact)', 'Permutation importance', 'Local surrogate (LIME)'] },
        },
        [ml.onlineLearningStatus.path]: {
          success: true,
          data: { model_version: 'v12', update_interval_minutes: 1440, last_update: null },
        },
      }),
    );
    const { user } = renderPage();
    await screen.findByText('System Health Overview');
    await openTab(user, 'ML Enhancements');
    expect(
      await card('Explainability').findByText(
        'Methods: Linear (exact), Permutation importance, Local surrogate (LIME)',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/SHAP/)).not.toBeInTheDocument();
    expect(group('Explainability Methods').getByText('3')).toBeInTheDocument();
    expect(card('Online Learning').getByText('Model v12, updated daily')).toBeInTheDocument();
    expect(card('Online Learning').queryByText(/Last update/)).not.toBeInTheDocument();
    expect(group('Model Version').getByText('v12')).toBeInTheDocument();
  });

  it('words update cadences', () => {
    expect(updateCadence(60)).toBe('hourly');
    expect(updateCadence(1440)).toBe('daily');
    expect(updateCadence(10080)).toBe('every 7 days');
    expect(updateCadence(120)).toBe('every 2 h');
    expect(updateCadence(15)).toBe('every 15 min');
  });
});

describe('MlIntelligencePage analytics when connected', () => {
  it('shows statistics, accuracy, features capped at 5 with 2 decimals, drift and strategies', async () => {
    server.use(...connectedHandlers());
    const { user } = renderPage();
    await screen.findByText('System Health Overview');
    await openTab(user, 'ML Analytics (Live Data)');
    expect(await screen.findByText('Learning System Statistics')).toBeInTheDocument();
    expect(group('Total Predictions').getByText('1,840')).toBeInTheDocument();
    expect(group('Success Rate').getByText('61.3%')).toBeInTheDocument();
    expect(group('Avg Confidence').getByText('70.4%')).toBeInTheDocument();
    expect(group('Learning Events').getByText('311')).toBeInTheDocument();

    expect(screen.getByText('Prediction Accuracy by Confidence Level')).toBeInTheDocument();
    const bucketRow = screen.getByRole('row', { name: /0\.8-0\.9/ });
    expect(within(bucketRow).getByText('77.1%')).toBeInTheDocument();
    expect(within(bucketRow).getByText('95')).toBeInTheDocument();

    const winners = within(screen.getByRole('region', { name: 'Winning Trades' }));
    expect(winners.getByText('61.24')).toBeInTheDocument();
    expect(winners.getByText('-0.12')).toBeInTheDocument();
    expect(winners.getByText('atr_pct')).toBeInTheDocument();
    expect(winners.queryByText('sixth_winner')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Losing Trades' })).getByText('-1.50'),
    ).toBeInTheDocument();

    expect(screen.getByText('Model Drift Analysis')).toBeInTheDocument();
    expect(group('Baseline Performance').getByText('64.0%')).toBeInTheDocument();
    expect(group('Recent Performance').getByText('52.0%')).toBeInTheDocument();
    expect(group('Performance Delta').getByText('-12.0%')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Model drift detected! Recent performance has declined significantly. Consider retraining.',
      ),
    ).toBeInTheDocument();

    expect(screen.getByText('Strategy Performance Comparison')).toBeInTheDocument();
    expect(screen.getByText('63.0% win · 72.0% confidence')).toBeInTheDocument();
  });

  it('labels the prediction counts with whole, distinct numbers, however few there are', async () => {
    server.use(
      ...connectedHandlers({
        [ml.learningAccuracy.path]: {
          success: true,
          data: {
            buckets: [
              { confidence_bucket: '0.5-0.6', success_rate: 0, count: 1 },
              { confidence_bucket: '0.6-0.7', success_rate: 1, count: 2 },
            ],
          },
        },
      }),
    );
    const { user } = renderPage();
    await screen.findByText('System Health Overview');
    await openTab(user, 'ML Analytics (Live Data)');
    const chart = await screen.findByRole('img', {
      name: 'Success rate and number of predictions by confidence bucket',
    });
    const labels = (side: 'left' | 'right') =>
      [...chart.querySelectorAll(`.recharts-cartesian-axis-tick-value[orientation="${side}"]`)].map(
        (tick) => tick.textContent,
      );
    expect(labels('left')).toEqual(['0%', '25%', '50%', '75%', '100%']);
    expect(labels('right')).toEqual(['0', '1', '2']);
  });

  it("names the model's own features and shows their values in their units", async () => {
    server.use(
      ...connectedHandlers({
        [ml.learningFeatures.path]: {
          success: true,
          data: {
            top_winning_features: [
              { feature: 'volume_ratio', avg_value: 1.84 },
              { feature: 'rsi14', avg_value: 0.612 },
              { feature: 'roc20', avg_value: 0.043 },
            ],
            top_losing_features: [{ feature: 'price_vs_sma50', avg_value: -0.021 }],
          },
        },
      }),
    );
    const { user } = renderPage();
    await screen.findByText('System Health Overview');
    await openTab(user, 'ML Analytics (Live Data)');
    await screen.findByText('Learning System Statistics');
    const winners = within(screen.getByRole('region', { name: 'Winning Trades' }));
    expect(winners.getByRole('group', { name: 'Relative volume' })).toHaveTextContent('1.84×');
    expect(winners.getByRole('group', { name: 'RSI (14)' })).toHaveTextContent('61.2');
    expect(winners.getByRole('group', { name: '20-day change' })).toHaveTextContent('+4.3%');
    expect(
      within(screen.getByRole('region', { name: 'Losing Trades' })).getByRole('group', {
        name: 'Price vs 50-day average',
      }),
    ).toHaveTextContent('-2.1%');
  });

  it('hides the drift warning when no drift is detected', async () => {
    server.use(
      ...connectedHandlers({
        [ml.learningDrift.path]: { success: true, data: { ...drift, drift_detected: false } },
      }),
    );
    const { user } = renderPage();
    await screen.findByText('System Health Overview');
    await openTab(user, 'ML Analytics (Live Data)');
    expect(await screen.findByText('Model Drift Analysis')).toBeInTheDocument();
    expect(screen.queryByText(/Model drift detected!/)).not.toBeInTheDocument();
  });

  it('shows "--" with why for a success rate and drift before any prediction has an outcome (not 0.0%)', async () => {
    server.use(
      ...connectedHandlers({
        [ml.learningDatabaseStats.path]: {
          success: true,
          data: { ...dbStats, total_predictions: 14, overall_success_rate: null },
        },
        [ml.learningDrift.path]: {
          success: true,
          data: {
            baseline_performance: null,
            recent_performance: null,
            performance_delta: null,
            drift_detected: false,
          },
        },
      }),
    );
    const { user } = renderPage();
    await screen.findByText('System Health Overview');
    await openTab(user, 'ML Analytics (Live Data)');
    expect(await screen.findByRole('group', { name: 'Success Rate' })).toHaveTextContent(
      'Success Rate--No prediction has an outcome yet.',
    );
    expect(screen.getByRole('group', { name: 'Baseline Performance' })).toHaveTextContent(
      '--No prediction resolved in the baseline window yet.',
    );
    expect(screen.getByRole('group', { name: 'Performance Delta' })).toHaveTextContent(
      '--Needs resolved predictions in both windows.',
    );
    expect(screen.queryByText('0.0%')).not.toBeInTheDocument();
  });

  it('says no learning data is available when no predictions were logged', async () => {
    server.use(
      ...connectedHandlers({
        [ml.learningDatabaseStats.path]: { success: true, data: { ...dbStats, total_predictions: 0 } },
      }),
    );
    const { user } = renderPage();
    await screen.findByText('System Health Overview');
    await openTab(user, 'ML Analytics (Live Data)');
    expect(await screen.findByText('No Learning Data Available')).toBeInTheDocument();
    expect(
      screen.getByText(
        'The ML learning infrastructure is ready, but no predictions have been logged yet. Start trading to see real-time learning analytics here.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Learning System Statistics')).not.toBeInTheDocument();
  });
});
