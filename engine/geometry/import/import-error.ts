/**
 * Why a model file could not become a triangle mesh. The message names what is wrong in the file
 * in words the user can act on; the caller adds the file's name. Plain data crosses the worker
 * boundary, so the server turns this into a value there, not a class.
 */
export class ModelImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ModelImportError';
  }
}
