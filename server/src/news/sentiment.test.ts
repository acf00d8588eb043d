/**
 * Headline scores, instrument tags, themes and market sentiment (from headlines, and from market
 * breadth when no news can be read), on hand-worked figures. A
 * headline's score is total / (|total| + 4), its total the sum of its words' values (AFINN with the
 * finance words of sentiment.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadInstrumentMaster } from '../market/instruments.js';
import {
  breadthSentiment,
  createInstrumentTagger,
  marketSentiment,
  scoreHeadline,
  sentimentLabel,
  themesOf,
} from './sentiment.js';

const close = (actual: number, expected: number) =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} ≠ ${expected}`);

describe('headline sentiment', () => {
  for (const [headline, total, label] of [
    // "beats estimates" +3, "shares" 0 (not AFINN's +1), "surge" +2.
    ['Infosys beats estimates; shares surge 5%', 5, 'Positive'],
    // "rate cut" +2 (not AFINN's "cut" −1), "record high" +3.
    ['RBI announces rate cut, Sensex hits record high', 5, 'Positive'],
    // "rallies" +2, "gains" +2.
    ['Sensex rallies 800 points as FIIs return; rupee gains', 4, 'Positive'],
    // "downgraded" −2, "fraud" −4, "probe" −2.
    ['HDFC Bank downgraded after fraud probe', -8, 'Negative'],
    // "plunges" −3, "fails" −2, "agree" +1; "crude" 0 (not AFINN's −1).
    ['Crude oil plunges as OPEC fails to agree', -4, 'Negative'],
    // "slumps" −2, "weak" −2, "demand" 0, "net loss" −3.
    ['Tata Steel slumps on weak demand, net loss widens', -7, 'Negative'],
    // "tumble" −2, "warning" −3.
    ['Pharma stocks tumble after USFDA warning', -5, 'Negative'],
    // "profit" +2, "not strong" −2: negation flips the word after it.
    ['Reliance Industries Q2 profit not strong', 0, 'Neutral'],
    // "Nifty" is the index, not AFINN's +2.
    ['Nifty ends flat ahead of RBI policy', 0, 'Neutral'],
    // "not bearish" +2, "weak" −2.
    ['Markets not bearish despite weak monsoon', 0, 'Neutral'],
  ] as const) {
    it(`"${headline}" totals ${total}: ${label}`, () => {
      const score = scoreHeadline(headline);
      close(score, total / (Math.abs(total) + 4));
      assert.equal(sentimentLabel(score), label);
    });
  }

  it('labels at ±0.1', () => {
    assert.equal(sentimentLabel(0.1), 'Positive');
    assert.equal(sentimentLabel(0.099), 'Neutral');
    assert.equal(sentimentLabel(-0.099), 'Neutral');
    assert.equal(sentimentLabel(-0.1), 'Negative');
  });
});

describe('instrument tags', () => {
  const tag = createInstrumentTagger(loadInstrumentMaster().equities);

  it('finds companies by name, case-insensitive, and by symbol in capitals', () => {
    assert.deepEqual(tag('Infosys beats estimates'), ['INFY']);
    assert.deepEqual(tag('reliance industries to demerge retail arm'), ['RELIANCE']);
    assert.deepEqual(tag('Reliance shares rise'), ['RELIANCE']);
    assert.deepEqual(tag('INFOSYS AND ETERNAL RALLY'), ['INFY', 'ETERNAL']);
    assert.deepEqual(tag('HDFC Bank and State Bank of India lead gains'), ['HDFCBANK', 'SBIN']);
    assert.deepEqual(tag('M&M and INFY in focus'), ['INFY', 'M&M']);
    assert.deepEqual(tag('Mahindra & Mahindra sales up 12%'), ['M&M']);
    assert.deepEqual(tag("Dr. Reddy's Laboratories gets USFDA nod"), ['DRREDDY']);
  });

  it('matches whole words only, and not a name several companies share', () => {
    assert.deepEqual(tag('Infosystems and Relianceville are not companies'), []);
    assert.deepEqual(tag('an eternal question of trends'), [], 'a lower-case word is not the symbol ETERNAL');
    assert.deepEqual(
      tag('HDFC Life Insurance Company posts profit'),
      ['HDFCLIFE'],
      'HDFC Life is not HDFC Bank',
    );
    assert.deepEqual(tag('Adani group stocks fall'), [], '"Adani" alone names a group');
    assert.deepEqual(tag('Adani Enterprises rises'), ['ADANIENT']);
  });
});

describe('themes', () => {
  it('finds the themes a headline touches', () => {
    assert.deepEqual(themesOf('RBI holds repo rate as inflation eases'), ['rates', 'inflation']);
    assert.deepEqual(themesOf('Infosys Q2 profit beats estimates; IT stocks rally'), ['earnings', 'IT']);
    assert.deepEqual(themesOf('FIIs sell as crude oil jumps and the rupee weakens'), [
      'crude oil',
      'FII flows',
      'rupee',
    ]);
    assert.deepEqual(themesOf('Monsoon revives; auto and pharma stocks gain'), ['monsoon', 'auto', 'pharma']);
    assert.deepEqual(themesOf('It was a quiet day'), [], '"It" is not the IT sector');
  });
});

describe('market sentiment', () => {
  it('averages the scores and takes confidence from the count and the agreement', () => {
    const result = marketSentiment([
      { sentiment: 0.5, themes: ['earnings'] },
      { sentiment: 0.5, themes: ['earnings', 'IT'] },
      { sentiment: -0.2, themes: ['banking'] },
      { sentiment: 0, themes: [] },
      { sentiment: 0.3, themes: ['rates', 'earnings', 'earnings'] },
    ]);
    // Mean 1.1 / 5 = 0.22: Positive. 3 of 5 agree; coverage 5 / (5 + 10): confidence 1/3 × 3/5 = 0.2.
    close(result.score, 0.22);
    close(result.confidence, 0.2);
    assert.equal(result.label, 'Positive');
    assert.deepEqual(result.counts, { Positive: 3, Neutral: 1, Negative: 1 });
    assert.deepEqual(result.topThemes, [
      { theme: 'earnings', count: 3 },
      { theme: 'banking', count: 1 },
      { theme: 'IT', count: 1 },
      { theme: 'rates', count: 1 },
    ]);
  });

  it('is neutral with little confidence when the headlines disagree', () => {
    const result = marketSentiment([
      { sentiment: 0.05, themes: [] },
      { sentiment: -0.05, themes: [] },
      { sentiment: 0.6, themes: [] },
      { sentiment: -0.6, themes: [] },
    ]);
    // Mean 0: Neutral, which 2 of 4 share; confidence 4/14 × 2/4 = 1/7.
    close(result.score, 0);
    close(result.confidence, 1 / 7);
    assert.equal(result.label, 'Neutral');
    assert.deepEqual(result.counts, { Positive: 1, Neutral: 2, Negative: 1 });
  });

  it('says nothing with confidence when there are no headlines, and keeps 8 themes at most', () => {
    assert.deepEqual(marketSentiment([]), {
      score: 0,
      confidence: 0,
      label: 'Neutral',
      counts: { Positive: 0, Neutral: 0, Negative: 0 },
      topThemes: [],
    });
    const many = marketSentiment(
      Array.from({ length: 10 }, (_, i) => ({
        sentiment: -0.5,
        themes: Array.from({ length: i + 1 }, (_, j) => `t${j}`),
      })),
    );
    assert.equal(many.label, 'Negative');
    // 10 headlines all negative: 10/20 × 1 = 0.5.
    close(many.confidence, 0.5);
    assert.deepEqual(
      many.topThemes.map((t) => `${t.theme}:${t.count}`),
      ['t0:10', 't1:9', 't2:8', 't3:7', 't4:6', 't5:5', 't6:4', 't7:3'],
    );
  });
});

describe('market sentiment from breadth', () => {
  it('reads a rising market from its advancers', () => {
    // 30 up, 15 down, 5 flat of 50: (30 − 15) / 50 = 0.3, Positive; 30 of 50 agree, coverage
    // 50 / 60: confidence 5/6 × 3/5 = 0.5.
    const result = breadthSentiment({ advancers: 30, decliners: 15, unchanged: 5 });
    close(result.score, 0.3);
    close(result.confidence, 0.5);
    assert.equal(result.label, 'Positive');
    assert.equal(result.source, 'market breadth');
  });

  it('reads a falling market from its decliners, unchanged stocks counting as none', () => {
    // 4 up, 36 down: (4 − 36) / 40 = −0.8, Negative; 36 of 40 agree, coverage 40/50: 0.8 × 0.9 = 0.72.
    const result = breadthSentiment({ advancers: 4, decliners: 36 });
    close(result.score, -0.8);
    close(result.confidence, 0.72);
    assert.equal(result.label, 'Negative');
  });

  it('is neutral with little confidence when the market is split', () => {
    // 20 up, 22 down, 8 flat: −2/50 = −0.04, Neutral; only the 8 flat agree: 5/6 × 8/50 = 2/15.
    const result = breadthSentiment({ advancers: 20, decliners: 22, unchanged: 8 });
    close(result.score, -0.04);
    close(result.confidence, 2 / 15);
    assert.equal(result.label, 'Neutral');
  });

  it('says nothing with confidence when no stock was counted', () => {
    assert.deepEqual(breadthSentiment({ advancers: 0, decliners: 0, unchanged: 0 }), {
      score: 0,
      confidence: 0,
      label: 'Neutral',
      source: 'market breadth',
    });
  });
});
