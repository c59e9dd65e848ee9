// The library's front door (`import { convert } from 'openscraper'`), for plain Node.
export * from '../shared/core';
