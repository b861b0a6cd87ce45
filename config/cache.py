"""Django's Redis cache, with one ``redis.Redis`` client per connection pool.

Django's own client builds a new ``redis.Redis`` for every cache call, and each one sets up
its table of reply parsers (about eighty entries): for the result-entry API, which asks the
cache once per result (``scoring.tasks.standings_enqueue``), that was as costly as the call
itself. A ``redis.Redis`` is safe to share (it takes a connection from its pool per
command), and each thread has its own cache object anyway. Everything else is Django's.
"""

from __future__ import annotations

from django.core.cache.backends import redis as django_redis


class RedisCacheClient(django_redis.RedisCacheClient):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}

    def get_client(self, key=None, *, write=False):
        index = self._get_connection_pool_index(write)
        if index not in self._clients:
            self._clients[index] = self._client(connection_pool=self._get_connection_pool(write))
        return self._clients[index]


class RedisCache(django_redis.RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = RedisCacheClient
