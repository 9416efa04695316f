# syntax=docker/dockerfile:1
# The bot's image (docs/deploy.md): the Activity's client built with Node, the
# bot installed from its wheel with every dependency as requirements/run.lock
# pins and the engine compiled (deploy/install.sh, the steps
# tests/host/test_install.py runs), then a slim image with neither Node nor a
# compiler that runs it as a user of its own, its data in a volume.

# 1. The Activity's client, from the npm packages as locked (make activity).
FROM node:20-bookworm-slim AS client
WORKDIR /src/activity
COPY activity/package.json activity/package-lock.json ./
RUN npm ci --no-audit --no-fund --loglevel=error
COPY activity/ ./
RUN npm run --silent build

# 2. The wheel, with the client in it (make wheel), and the bot installed from it.
FROM python:3.11-slim-bookworm AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY pyproject.toml setup.py MANIFEST.in LICENSE README.md ./
COPY requirements/ requirements/
COPY deploy/ deploy/
COPY engine/ engine/
COPY bot/ bot/
COPY cogs/ cogs/
COPY --from=client /src/activity/dist/ activity/dist/
RUN python -m venv /opt/wheel \
    && /opt/wheel/bin/pip install --quiet --require-hashes --no-deps -r requirements/compile.lock \
    && /opt/wheel/bin/pip wheel --quiet --no-deps --no-build-isolation -w dist .
RUN sh deploy/install.sh /opt/mammamia-bot dist/mammamia_bot-*.whl --compiled

# 3. What runs.
FROM python:3.11-slim-bookworm
# Fonts the pictures draw players' names with, Latin, Cyrillic, Japanese and
# Chinese alike (bot.pictures.lettering); the slim image has none.
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-dejavu-core fonts-noto-cjk \
    && rm -rf /var/lib/apt/lists/*
RUN useradd --system --uid 10001 --user-group --home-dir /data --shell /usr/sbin/nologin mammamia \
    && mkdir -p /data \
    && chown mammamia:mammamia /data
COPY --from=build /opt/mammamia-bot /opt/mammamia-bot
# The database in the volume; metrics and /health on 9108 (the health check's);
# the Activity, when ACTIVITY_PORT is set, on every interface of the container.
ENV PATH=/opt/mammamia-bot/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    DATABASE_PATH=/data/bot.sqlite3 \
    METRICS_PORT=9108 \
    METRICS_HOST=0.0.0.0 \
    ACTIVITY_HOST=0.0.0.0
USER mammamia
WORKDIR /data
VOLUME ["/data"]
EXPOSE 9108
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["mammamia-bot", "health"]
# SIGTERM (docker stop): the bot stops cleanly within 10 s (docs/deploy.md).
STOPSIGNAL SIGTERM
CMD ["mammamia-bot"]
