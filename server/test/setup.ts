// Per-file setup for the server project. Kept for symmetry with the client project.
export {};
