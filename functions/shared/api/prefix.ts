/** Every path of the API starts with this (the seed's version prefix). Its own module: handlers that only build a Location need no route table. */
export const API_PREFIX = '/api/v1';
