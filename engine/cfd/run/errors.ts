/** Why a CFD run stops without a result. Each carries what a user needs to act on it. */

/** The grid or the input does not fit: refused before any step is made. */
export class CfdInputError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'CfdInputError';
  }
}

/** The run diverged (NaN, density or speed excursion): nothing it computed is kept. */
export class CfdDivergenceError extends Error {
  constructor(
    readonly reason: string,
    readonly step: number,
    readonly directionDeg: number,
  ) {
    super(`the flow diverged at step ${step} of direction ${directionDeg}°: ${reason}`);
    this.name = 'CfdDivergenceError';
  }
}

export class CfdCancelledError extends Error {
  constructor(readonly step: number) {
    super(`cancelled at step ${step}`);
    this.name = 'CfdCancelledError';
  }
}
