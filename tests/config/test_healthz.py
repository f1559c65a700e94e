"""/healthz reports each dependency; a stopped Redis makes it 503, never a crash.

The stopped Redis is real: a redis-server started for the test on a free port and
then killed, with the cache and the broker pointed at it."""

import pytest
from django.test import override_settings
from django.urls import reverse

pytestmark = pytest.mark.django_db


def redis_settings(url: str) -> dict:
    return {
        "CACHES": {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url,
                               "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1}}},
        "CELERY_BROKER_URL": url,
        "CELERY_TASK_ALWAYS_EAGER": False,
    }


def test_healthy_on_the_configured_services(client):
    response = client.get(reverse("healthz"))
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert set(body["checks"]) == {"database", "cache", "broker"}
    assert all(check["ok"] for check in body["checks"].values())


def test_a_stopped_redis_is_reported_unhealthy(client, own_redis):
    url, process = own_redis
    with override_settings(**redis_settings(url)):
        healthy = client.get(reverse("healthz"))
        assert healthy.status_code == 200, healthy.json()
        assert healthy.json()["checks"]["broker"]["detail"] == "redis"

        process.kill()
        process.wait()
        response = client.get(reverse("healthz"))
    body = response.json()
    assert response.status_code == 503
    assert body["status"] == "unhealthy"
    assert body["checks"]["database"]["ok"] is True
    assert body["checks"]["cache"]["ok"] is False
    assert body["checks"]["broker"]["ok"] is False
    assert "Error" in body["checks"]["broker"]["detail"]


def test_healthz_on_the_ci_redis(client, redis_url):
    with override_settings(**redis_settings(redis_url)):
        response = client.get(reverse("healthz"))
    assert response.status_code == 200, response.json()
