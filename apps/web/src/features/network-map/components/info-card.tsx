import { Anchor, Badge, CloseButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { categoryOfType, visibleTags, websiteHref, websiteLabel, type MapOrganization } from '@openrescue/shared';
import { IconMapPin, IconRosetteDiscountCheck } from '@tabler/icons-react';

export interface InfoCardProps {
  org: MapOrganization;
  productName: string;
  onClose: () => void;
  className?: string;
}

/**
 * The selected marker's card (spec 2.11): name, city, street address, website (https:// added when missing), verified
 * badge. The city has a line of its own: the built-in base map names no places (decision 0060).
 */
export function InfoCard({ org, productName, onClose, className }: InfoCardProps) {
  const href = websiteHref(org.data.website);
  const city = org.city?.trim() || null;
  const tags = visibleTags(org.sf_attributes, productName);
  return (
    <Paper
      className={className}
      shadow="md"
      radius="md"
      p="md"
      withBorder
      component="section"
      aria-labelledby="network-info-title"
      data-testid="info-card"
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Title order={2} size="h4" id="network-info-title">
          {org.name}
        </Title>
        <CloseButton aria-label="Close" onClick={onClose} />
      </Group>
      <Stack gap={6} mt={4}>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {categoryOfType(org.sf_type)?.label ?? org.sf_type}
          </Text>
          {org.verified === 1 && (
            <Badge variant="light" leftSection={<IconRosetteDiscountCheck size={14} aria-hidden="true" />}>
              Verified
            </Badge>
          )}
        </Group>
        {city && (
          <Group gap={4} wrap="nowrap" data-testid="info-city">
            <IconMapPin size={16} aria-hidden="true" style={{ flexShrink: 0 }} />
            <Text size="sm" fw={600}>
              {city}
            </Text>
          </Group>
        )}
        {org.address && (
          <Text size="sm" data-testid="info-address">
            {org.address}
          </Text>
        )}
        {href && (
          <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" data-testid="info-website">
            {websiteLabel(org.data.website)}
          </Anchor>
        )}
        {tags.length > 0 && (
          <Group gap={4} aria-label="Tags">
            {tags.map((tag) => (
              <Badge key={tag} variant="outline" color="gray" size="sm">
                {tag}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
