/**
 * The parts of the untyped mljs packages that ensemble.ts uses (ml-random-forest and ml-matrix ship
 * their own types). Internal fields read here (the two-class logistic weights, the kNN tree, the CART
 * root's leaf distribution) are what the packages' own toJSON() writes out.
 */
declare module 'ml-logistic-regression' {
  import type { Matrix } from 'ml-matrix';
  interface TwoClassLogistic {
    weights: Matrix;
    testScores(features: Matrix): number[];
  }
  export default class LogisticRegression {
    constructor(options?: { numSteps?: number; learningRate?: number });
    classifiers: TwoClassLogistic[];
    train(features: Matrix, labels: Matrix): void;
    toJSON(): unknown;
    static load(model: unknown): LogisticRegression;
  }
}

declare module 'ml-cart' {
  import type { Matrix } from 'ml-matrix';
  interface TreeNode {
    classify(row: number[]): Matrix;
  }
  export class DecisionTreeClassifier {
    constructor(options: { gainFunction?: 'gini'; minNumSamples?: number; maxDepth?: number });
    root: TreeNode;
    train(features: number[][], labels: number[]): void;
    toJSON(): unknown;
    static load(model: unknown): DecisionTreeClassifier;
  }
}

declare module 'ml-naivebayes' {
  export class GaussianNB {
    /** Per class, the column means of its training rows. */
    means: number[][];
    /** Per class: [log prior, then per feature [1 / (√(2π) σ), −2σ²]]. */
    calculateProbabilities: [number, ...[number, number][]][];
    train(features: number[][], labels: number[]): void;
    toJSON(): unknown;
    static load(model: unknown): GaussianNB;
  }
}

declare module 'ml-knn' {
  interface KdTree {
    /** The k nearest training points, each [point with its label appended, distance]. */
    nearest(point: number[], k: number): [number[], number][];
  }
  export default class KNN {
    constructor(features: number[][], labels: number[], options?: { k?: number });
    k: number;
    kdTree: KdTree;
    toJSON(): unknown;
    static load(model: unknown): KNN;
  }
}
