# Every server variant, one image per module (the TechEmpower way), from this one file. Build context = the
# repository root; the build argument SERVER_MODULE names the module, SERVER_PORT its port (Variant.defaultPort):
#   docker build -f server.Dockerfile --build-arg SERVER_MODULE=server-async --build-arg SERVER_PORT=8086 -t http-threads-lab/server-async .
#   docker run --rm -p 127.0.0.1:8086:8086 http-threads-lab/server-async
# The dependency layer does not depend on the argument, so Docker builds it once for every server (and the runner).

FROM maven:3.9-eclipse-temurin-25 AS build
WORKDIR /build
# Maven 3.9 (Guice) calls sun.misc.Unsafe: allowed, so JDK 25 does not warn in the build log.
ENV MAVEN_OPTS=--sun-misc-unsafe-memory-access=allow
# 1. Dependencies, in their own layer: only the poms are copied, so editing Java code keeps this layer cached.
#    A package of the empty reactor downloads every plugin and dependency the real build needs.
COPY pom.xml ./
COPY lab-database/pom.xml lab-database/
COPY lab-process/pom.xml lab-process/
COPY server-common/pom.xml server-common/
COPY lab-client/pom.xml lab-client/
COPY lab-run-model/pom.xml lab-run-model/
COPY server-undertow/pom.xml server-undertow/
COPY server-platform/pom.xml server-platform/
COPY server-pool/pom.xml server-pool/
COPY server-virtual/pom.xml server-virtual/
COPY server-undertow-virtual/pom.xml server-undertow-virtual/
COPY server-fixed-pool/pom.xml server-fixed-pool/
COPY server-async/pom.xml server-async/
COPY server-jdk/pom.xml server-jdk/
COPY server-jdk-thread/pom.xml server-jdk-thread/
COPY server-jdk-pool/pom.xml server-jdk-pool/
COPY server-jdk-virtual/pom.xml server-jdk-virtual/
COPY server-tomcat/pom.xml server-tomcat/
COPY server-tomcat-pool/pom.xml server-tomcat-pool/
COPY server-tomcat-virtual/pom.xml server-tomcat-virtual/
COPY server-jetty/pom.xml server-jetty/
COPY server-jetty-pool/pom.xml server-jetty-pool/
COPY server-jetty-virtual/pom.xml server-jetty-virtual/
COPY executor-tasks/pom.xml executor-tasks/
COPY jmeter-plans/pom.xml jmeter-plans/
COPY client-jmeter/pom.xml client-jmeter/
COPY client-hyperfoil/pom.xml client-hyperfoil/
COPY lab-report/pom.xml lab-report/
COPY lab-runner/pom.xml lab-runner/
RUN mvn -B -q -ntp -Dmaven.repo.local=/m2 package -DskipTests && rm -rf */target target
# 2. The shared sources (the model, server-common and the framework adapters), then the variant's own (no tests: -DskipTests), so one variant's edit rebuilds only its image.
COPY lab-database/src/main lab-database/src/main
COPY lab-run-model/src/main lab-run-model/src/main
COPY lab-process/src/main lab-process/src/main
COPY server-common/src/main server-common/src/main
COPY server-undertow/src/main server-undertow/src/main
COPY server-jdk/src/main server-jdk/src/main
COPY server-tomcat/src/main server-tomcat/src/main
COPY server-jetty/src/main server-jetty/src/main
ARG SERVER_MODULE
COPY ${SERVER_MODULE}/src/main ${SERVER_MODULE}/src/main
RUN mvn -B -q -ntp -Dmaven.repo.local=/m2 -pl ${SERVER_MODULE} -am package -DskipTests \
 && mkdir /app && mv ${SERVER_MODULE}/target/libs ${SERVER_MODULE}/target/${SERVER_MODULE}.jar /app/ \
 && mv /app/${SERVER_MODULE}.jar /app/server.jar

FROM eclipse-temurin:25-jre
RUN groupadd --system --gid 10001 lab \
 && useradd --system --uid 10001 --gid lab --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin lab
WORKDIR /app
COPY --from=build /app/ ./
USER lab
ARG SERVER_PORT
ENV LAB_HOST=0.0.0.0 LAB_PORT=${SERVER_PORT}
EXPOSE ${SERVER_PORT}
# The JRE has no curl: bash's /dev/tcp sends GET /health and expects " 200 " in the status line.
# Only the status line is read (Helidon keeps the socket open after Connection: close).
HEALTHCHECK --interval=5s --timeout=3s --start-period=60s --retries=3 \
  CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/$LAB_PORT && printf 'GET /health HTTP/1.1\\r\\nHost: localhost\\r\\nConnection: close\\r\\n\\r\\n' >&3 && read -r -t 2 status <&3 && [[ $status == *' 200 '* ]]"]
# Exec form: java is PID 1 and gets docker stop's SIGTERM; the server drains in-flight requests
# (LAB_SHUTDOWN_GRACE_MS, default 65000) before exiting. The JVM flags are the same for every server and the same
# as ./lab run's --server-jvm-args default (-Xms1g -Xmx2g); G1 is pinned so a small --cpus cannot switch the
# collector to Serial.
ENTRYPOINT ["java", "-Xms1g", "-Xmx2g", "-XX:+UseG1GC", "--sun-misc-unsafe-memory-access=allow", "--enable-native-access=ALL-UNNAMED", "-jar", "/app/server.jar"]
