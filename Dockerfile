# Tabula in a container: the bot as an installed package, run by a non-root user, its SQLite
# database on a volume at /data.
#
#   docker build -t tabula .
#   docker run -d --name tabula -e DISCORD_TOKEN=... -v tabula-data:/data tabula
#   docker exec tabula python -m bot backup /data/backup.sqlite3     # an online copy
#
# Without DISCORD_TOKEN the bot starts the local table, which needs a terminal:
#   docker run --rm -it -v tabula-data:/data tabula
# compose.yaml beside this file runs the same image with its settings.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# Only what the package needs (pyproject.toml reads README.md); .dockerignore keeps the rest out.
WORKDIR /src
COPY pyproject.toml README.md ./
COPY bot/ bot/
COPY engines/ engines/
COPY render/ render/
# A regular (not editable) install: fonts and data files go into site-packages with the code.
# The sources are removed so that nothing shadows the installed package.
RUN pip install . && rm -rf /src

# A user of its own; /data belongs to it, and a new named volume mounted there inherits that.
RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin tabula \
    && mkdir -p /data \
    && chown tabula:tabula /data

# Every setting can be overridden at run time (see .env.example); the database lives on the volume.
ENV DATABASE_PATH=/data/tabula.sqlite3 \
    TABLE_IMAGE_DIR=/data/table-images

VOLUME ["/data"]
WORKDIR /data
USER tabula

# SIGINT stops discord.py cleanly (it closes the gateway and the database); every acknowledged
# move is already committed, so even a hard kill loses none.
STOPSIGNAL SIGINT
CMD ["python", "-m", "bot"]
