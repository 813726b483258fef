/** A project's conversations from all six sections, newest first, each linking to its section's history. */
import { Badge, Card, Flex, Heading, Link as RadixLink, Text } from "@radix-ui/themes";
import { useId } from "react";
import { Link } from "react-router";
import { projectPageTexts as texts } from "~/messages/project-pages";

export type ProjectConversation = { id: string; title: string; label: string; section: string; historyPath: string; updatedAt: string };

export function ProjectConversations({ conversations }: { conversations: ProjectConversation[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="project-conversations">
      <Heading as="h2" size="5" id={headingId} mb="2">
        {texts.conversationsHeading}
      </Heading>
      {conversations.length === 0 ? (
        <Text as="p" size="2" color="gray">
          {texts.noConversations}
        </Text>
      ) : (
        <ul className="project-conversation-list">
          {conversations.map((conversation) => (
            <li key={conversation.id}>
              <Card size="1" className="glass-card">
                <Flex gap="2" align="center" wrap="wrap">
                  <Badge variant="soft">{conversation.section}</Badge>
                  <RadixLink asChild weight="medium">
                    <Link to={conversation.historyPath} aria-label={texts.openConversation(conversation.title)}>
                      {conversation.title}
                    </Link>
                  </RadixLink>
                  <Text size="1" color="gray">
                    {conversation.label}
                  </Text>
                </Flex>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
